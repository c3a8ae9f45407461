import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { uaaPaths } from '../../shared/contracts/uaa';
import { DEFAULT_BREAKER } from '../../server/proxy/breakers';
import { startEndpointGateway, SHOP, WRITE } from '../support/endpoint-gateway';
import { startFakeUpstream } from '../support/fake-upstream';
import { leaveBeforeTheAnswer, startHandUpstream } from '../support/hand-upstream';

// Who a proxied call's failure is charged to, and how much one call may cost (security audit of
// /api/services/*): a visitor's own faults (an upload over the 1 MiB limit, leaving before the
// answer) never count for the service's circuit breaker, or any visitor could switch a service off
// for everyone; a service's own deadline (SERVICE_URLS timeoutMs) bounds its calls, not the global
// PROXY_TIMEOUT_MS; a call renews its token at most once, however the upstream answers after that.
// (Upstream faults that do count: gateway-proxy-faults.test.ts.)
const MORE_THAN_THRESHOLD = DEFAULT_BREAKER.failures + 1;
const ORDERS = '/api/services/orders';

describe('client faults never open the circuit breaker', () => {
  it(`after ${MORE_THAN_THRESHOLD} uploads cut at 1 MiB and ${MORE_THAN_THRESHOLD} abandoned calls, the service is still called`, async () => {
    const upstream = await startHandUpstream();
    const gw = await startEndpointGateway({ PLATFORM_URL: upstream.url });
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = gw.app.server.address() as AddressInfo;
    try {
      for (let i = 0; i < MORE_THAN_THRESHOLD; i++) expect(await uploadOverLimit(port)).toBe(413);
      // Read whole before the call (ADR 0352): the upstream never saw them.
      expect(upstream.paths.filter((p) => p === `${ORDERS}/upload`)).toHaveLength(0);

      for (let i = 0; i < MORE_THAN_THRESHOLD; i++)
        expect(await leaveBeforeTheAnswer(port, upstream, `${ORDERS}/slow`)).toBe('left');

      const ok = await fetch(`http://127.0.0.1:${port}${ORDERS}/ok`, { headers: SHOP });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ ok: true });
      expect(upstream.paths.at(-1)).toBe(`${ORDERS}/ok`);
    } finally {
      await gw.close();
      await upstream.close();
    }
  });
});

describe("a service's own deadline (SERVICE_URLS timeoutMs)", () => {
  it('answers a silent service 504 after its 300 ms; another service keeps the global 10 s', async () => {
    const upstream = await startFakeUpstream();
    const gw = await startEndpointGateway({
      PLATFORM_URL: upstream.url,
      PROXY_TIMEOUT_MS: '10000',
      SERVICE_URLS: JSON.stringify({ catalogue: { url: upstream.url, timeoutMs: 300 } }),
    });
    try {
      upstream.on('GET', /^\/api\/services\/catalogue\//, () => new Promise(() => {})); // never
      upstream.on('GET', `${ORDERS}/slow`, { delayMs: 600, body: { slow: true } });

      const started = Date.now();
      const res = await gw.app.inject({
        method: 'GET',
        url: '/api/services/catalogue/api/v1/products',
        headers: SHOP,
      });
      const took = Date.now() - started;
      expect(res.statusCode).toBe(504);
      expect(res.json()).toEqual({
        error: {
          code: 'upstream_timeout',
          message: expect.stringContaining('catalogue'),
          cid: res.headers['x-correlation-id'],
        },
      });
      expect(took).toBeGreaterThanOrEqual(250);
      expect(took).toBeLessThan(3000);
      expect(upstream.received('/api/services/catalogue')).toHaveLength(1);

      const slow = await gw.app.inject({ method: 'GET', url: `${ORDERS}/slow`, headers: SHOP });
      expect(slow.statusCode).toBe(200);
      expect(slow.json()).toEqual({ slow: true });
    } finally {
      await gw.close();
      await upstream.close();
    }
  });
});

describe('one renewal per call', () => {
  it('renews an expiring token first; a 401 after that is answered, not renewed or asked again', async () => {
    const gw = await startEndpointGateway();
    try {
      gw.upstream.on('POST', uaaPaths.refresh, {
        body: {
          access_token: 'access-new',
          refresh_token: 'refresh-new',
          expires_in: 300,
          refresh_expires_in: 3600,
        },
      });
      gw.upstream.on('GET', `${ORDERS}/api/v1/orders`, {
        status: 401,
        headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
        body: { error: { code: 'unauthorized', message: 'token refused' } },
      });

      const res = await gw.app.inject({
        method: 'GET',
        url: `${ORDERS}/api/v1/orders`,
        headers: { ...SHOP, cookie: `access_token=${jwt(20)}; refresh_token=refresh-old` },
      });

      // A second renewal would be served from the refresher's 5 s memo without reaching uaa: the
      // upstream's calls are what would show it.
      expect(gw.upstream.received(uaaPaths.refresh)).toHaveLength(1);
      expect(gw.upstream.received(ORDERS).map((r) => r.headers.authorization)).toEqual([
        'Bearer access-new',
      ]);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: {
          code: 'unauthorized',
          message: 'token refused',
          cid: res.headers['x-correlation-id'],
        },
      });
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      // The one renewal's pair still reaches the browser.
      expect(String(res.headers['set-cookie'])).toContain('access_token=access-new;');
    } finally {
      await gw.close();
    }
  });
});

/** An unsigned JWT-shaped token expiring in `seconds` (the gateway only reads `exp`). */
function jwt(seconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'ES256' })}.${part({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + seconds })}.c2ln`;
}

/** A chunked upload of 1.25 MiB (no Content-Length: cut by the gateway as it streams). */
function uploadOverLimit(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        port,
        agent: false,
        method: 'POST',
        path: `${ORDERS}/upload`,
        headers: { ...WRITE, 'content-type': 'application/octet-stream' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 1);
    for (let i = 0; i < 20; i++) req.write(chunk);
    req.end();
  });
}
