import { describe, expect, it } from 'vitest';
import { listenFailureMessage, METRICS_SETTINGS, metricsOffMessage } from './listen-failure';

// What a gateway that could not listen says (the process test is
// tests/integration/gateway-listen-failure-process.test.ts): the cause and the setting to change.
const at = { port: 80, host: '192.0.2.1' };
const failure = (code: string) => Object.assign(new Error(`listen ${code}`), { code });

describe('listenFailureMessage', () => {
  it('names the setting each cause concerns', () => {
    expect(listenFailureMessage(failure('EADDRINUSE'), at)).toMatch(
      /port 80 \(PORT\) on 192\.0\.2\.1 \(HOST\) is already in use.*set another PORT/,
    );
    expect(listenFailureMessage(failure('EACCES'), at)).toMatch(/ports below 1024.*Set a PORT/);
    expect(listenFailureMessage(failure('EADDRNOTAVAIL'), at)).toMatch(
      /192\.0\.2\.1 \(HOST\) is not an address of this machine/,
    );
    expect(listenFailureMessage(failure('ENOTFOUND'), { port: 80, host: 'nosuch' })).toMatch(
      /nosuch \(HOST\) is not a name this machine resolves/,
    );
  });

  it('names the metrics settings for the metrics port', () => {
    expect(listenFailureMessage(failure('EADDRNOTAVAIL'), at, METRICS_SETTINGS)).toBe(
      'The gateway did not start: 192.0.2.1 (METRICS_HOST) is not an address of this machine. Set METRICS_HOST to one of its addresses, or 0.0.0.0 for all.',
    );
    expect(listenFailureMessage(failure('EACCES'), at, METRICS_SETTINGS)).toMatch(
      /port 80 \(METRICS_PORT\) on 192\.0\.2\.1 \(METRICS_HOST\).*Set a METRICS_PORT from 1024/,
    );
  });

  it('gives any other cause as Node words it, with the address', () => {
    expect(listenFailureMessage(failure('EWHATEVER'), at)).toBe(
      'The gateway did not start: listening on port 80 (PORT) on 192.0.2.1 (HOST) failed: listen EWHATEVER',
    );
  });

  it('says which metrics port is taken and what to set, when the gateway runs without metrics', () => {
    expect(metricsOffMessage({ port: 9464, host: '127.0.0.1' })).toBe(
      'Metrics are off: port 9464 (METRICS_PORT) on 127.0.0.1 (METRICS_HOST) is already in use (another gateway on this host?). Give each gateway its own METRICS_PORT, or METRICS_PORT=0 to run without metrics.',
    );
  });
});
