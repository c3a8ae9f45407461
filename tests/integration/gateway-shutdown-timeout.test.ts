import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream';
import { serveContext } from '../support/page-gateway';
import { startGatewayProcess, type NodeProcess } from '../support/processes';

// SIGTERM while a request outlasts SHUTDOWN_TIMEOUT_MS (a proxied call to a platform that does
// not answer): once the timeout is over the gateway cuts that request, closes (its error reports
// flushed) and exits 0, well before the orchestrator's kill (stop_grace_period, the pod's grace
// period: SHUTDOWN_DELAY_MS + SHUTDOWN_TIMEOUT_MS + 5 s). Before, close-with-grace's own timer,
// set to exactly delay + timeout, fired first: "killed by timeout", exit 1, nothing flushed, and
// the server's close would have waited for the request anyway.
const DELAY_MS = 300;
const TIMEOUT_MS = 1500;
const SLOW = '/api/services/catalogue/api/v1/brands';
let upstream: FakeUpstream;
let gateway: NodeProcess | undefined;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  serveContext(upstream);
  upstream.on('GET', SLOW, { delayMs: 20_000, body: { items: [] } });
});
afterAll(async () => {
  await gateway?.stop('SIGKILL');
  await upstream?.close();
});

describe('the shutdown timeout', () => {
  it('cuts what is still in flight after SHUTDOWN_TIMEOUT_MS, then exits 0', async () => {
    gateway = await startGatewayProcess(upstream.url, {
      SHUTDOWN_DELAY_MS: String(DELAY_MS),
      SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    const stuck = fetch(gateway.url + SLOW).then(
      (r) => r.status,
      () => 'cut',
    );
    // The call has reached the platform before the signal.
    while (upstream.received(SLOW).length === 0)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const signalled = Date.now();
    gateway.child.kill('SIGTERM');
    await gateway.exited;
    const took = Date.now() - signalled;
    expect(gateway.child.exitCode, gateway.stderr()).toBe(0);
    expect(gateway.stderr()).not.toContain('killed by timeout');
    expect(took).toBeGreaterThanOrEqual(DELAY_MS + TIMEOUT_MS - 100);
    expect(took).toBeLessThan(DELAY_MS + TIMEOUT_MS + 5_000);
    expect(await stuck).toBe('cut');
  });
});
