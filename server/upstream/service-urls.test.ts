import { describe, expect, it } from 'vitest';
import { upstreamOperations } from '../../shared/upstream/contract';
import { loadConfig } from '../config';

// SERVICE_URLS names any service of the upstream contract (README, ADR 0213): "service name (as
// in /api/services/{name}/, or cms-api)". The pages call diagnostics (/blink-test's reports) on
// the server side; it is not proxied, yet it may live at an address of its own like the others.
describe('SERVICE_URLS', () => {
  it('takes every service of the upstream contract with the default PROXY_SERVICES', () => {
    const services = [...new Set(upstreamOperations.map((op) => op.service))];
    const urls = Object.fromEntries(services.map((name) => [name, `http://${name}.internal:8080`]));
    const config = loadConfig({ PLATFORM_URL: 'http://p', SERVICE_URLS: JSON.stringify(urls) });
    expect(Object.keys(config.serviceUrls).sort()).toEqual(services.sort());
    // Configured for the pages only: the browser still cannot reach it through the proxy.
    expect(config.proxiedServices).not.toContain('diagnostics');
  });

  it('still refuses a name that is no service, naming it', () => {
    expect(() =>
      loadConfig({ PLATFORM_URL: 'http://p', SERVICE_URLS: '{"catalog":"http://c"}' }),
    ).toThrow(/SERVICE_URLS\.catalog: unknown service/);
  });
});
