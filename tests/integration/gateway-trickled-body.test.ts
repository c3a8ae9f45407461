import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { trickle } from '../support/trickle';

// Issue #27 item 15 (ADR 0249): REQUEST_TIMEOUT_MS bounds the whole request, a body trickled a
// byte a second included. Node's headersTimeout stayed at 60 s while Fastify set requestTimeout
// below it, and Node then let such a body live 60 s. Raw sockets: an HTTP client sends its body
// at once.
const TIMEOUT_MS = 2_000;
/** Node checks its timeouts once a second (connectionsCheckingInterval), then writes the 408. */
const MARGIN_MS = 1_500;
let gw: EndpointGateway;
let port: number;

beforeAll(async () => {
  gw = await startEndpointGateway({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
  gw.upstream.on('*', /.*/, { body: { ok: true } });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  port = (gw.app.server.address() as AddressInfo).port;
});
afterAll(() => gw?.close());

/** A POST whose 200-byte body comes a byte a second: when the connection ended, and its answer. */
async function trickleBody(target: string): Promise<{ afterMs: number; statusLine: string }> {
  const { afterMs, received } = await trickle(port, {
    head:
      `POST ${target} HTTP/1.1\r\nHost: shop.localhost\r\nOrigin: http://shop.localhost\r\n` +
      'X-CSRF: 1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n',
    byte: '{',
    everyMs: 1_000,
    giveUpMs: TIMEOUT_MS * 5,
  });
  return { afterMs, statusLine: received.split('\r\n')[0] ?? '' };
}

describe('a trickled request body', () => {
  it('is answered 408 within REQUEST_TIMEOUT_MS, on the gateway routes and pages alike', async () => {
    const results = await Promise.all(['/auth/sign-in', '/auth/guest', '/cart'].map(trickleBody));
    for (const { afterMs, statusLine } of results) {
      expect(statusLine).toBe('HTTP/1.1 408 Request Timeout');
      expect(afterMs).toBeGreaterThanOrEqual(TIMEOUT_MS);
      expect(afterMs).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    }
  }, 20_000);
});
