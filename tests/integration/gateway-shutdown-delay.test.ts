import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream';
import { serveContext } from '../support/page-gateway';
import { startGatewayProcess, type NodeProcess } from '../support/processes';
import { rawRequest } from '../support/raw-http';

// The shutdown delay of the built gateway (server/main.ts, docs/decisions/0141): on SIGTERM
// /readyz turns 503 at once, but for SHUTDOWN_DELAY_MS the gateway keeps accepting and answering
// new requests as usual (the load balancer has not noticed yet; `return503OnClosing: false`), and
// only then drains and exits 0. gateway-shutdown.test.ts covers readiness and the request in
// flight; here a gateway that skipped the delay would refuse the new connections and exit early.
const DELAY_MS = 1500;
const BRANDS = '/api/services/catalogue/api/v1/brands';
let upstream: FakeUpstream;
let gateway: NodeProcess | undefined;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  serveContext(upstream);
  upstream.on('GET', BRANDS, { body: { items: [{ slug: 'acme', name: 'Acme' }] } });
});
afterAll(async () => {
  await gateway?.stop('SIGKILL');
  await upstream?.close();
});

const sleepUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
/** Resolves when `promise` settles or after `ms`, whichever comes first. */
async function within(promise: Promise<unknown>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
const alive = (gw: NodeProcess) => gw.child.exitCode === null && gw.child.signalCode === null;

/** Each on a connection of its own: a new visitor the balancer still sends. */
async function newVisitor(url: string) {
  const [ready, health, page, proxied] = await Promise.all([
    rawRequest(url, 'GET', '/readyz'),
    rawRequest(url, 'GET', '/healthz'),
    rawRequest(url, 'GET', '/blink-test', { accept: 'text/html' }),
    rawRequest(url, 'GET', BRANDS),
  ]);
  return { ready, health, page, proxied };
}

describe('the shutdown delay', () => {
  it('answers new requests for SHUTDOWN_DELAY_MS after SIGTERM, then exits 0', async () => {
    gateway = await startGatewayProcess(upstream.url, { SHUTDOWN_DELAY_MS: String(DELAY_MS) });
    const before = await newVisitor(gateway.url); // warm: the first render is the slowest
    expect(before.ready.status).toBe(200);
    expect(before.page.status, gateway.stderr()).toBe(200);

    const signalled = Date.now();
    gateway.child.kill('SIGTERM');
    await sleepUntil(signalled + 300);
    const during = await newVisitor(gateway.url);
    expect(during.ready.status).toBe(503);
    expect(JSON.parse(during.ready.body)).toEqual({ status: 'shutting-down' });
    expect(during.health.status).toBe(200);
    expect(during.page.status, gateway.stderr()).toBe(200);
    expect(during.page.body).toContain('Fresh Market');
    expect(during.proxied.status).toBe(200);
    expect(JSON.parse(during.proxied.body)).toEqual({ items: [{ slug: 'acme', name: 'Acme' }] });
    // Every answer tells the client to go elsewhere next time.
    for (const answer of Object.values(during)) expect(answer.headers.connection).toBe('close');

    await sleepUntil(signalled + 1000);
    expect(alive(gateway), 'exited before the delay was over').toBe(true);
    expect((await rawRequest(gateway.url, 'GET', '/healthz')).status).toBe(200);

    // Then it drains and exits, well within a bound after the delay.
    await within(gateway.exited, DELAY_MS + 8000);
    expect(alive(gateway), 'still running 8 s after the delay').toBe(false);
    expect(gateway.child.exitCode, gateway.stderr()).toBe(0);
  });
});
