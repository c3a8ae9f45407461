import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CID_PATTERN } from '../../shared/cid';
import { sendRaw, type RawAnswer } from '../fuzz/raw-http';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { trickle } from '../support/trickle';

// Requests refused before any route runs, which a security audit found nothing asserted: headers
// over Node's 16 KiB (431), conflicting body lengths (request smuggling, 400), headers trickled a
// byte at a time (slowloris: Node's headersTimeout, min(60 s, REQUEST_TIMEOUT_MS), and its
// requestTimeout each bound them, ADR 0249) and JSON bodies over the gateway's 1 MiB and the
// error tunnel's 64 KiB (413). Node's parser answers the first three through clientErrorInShape
// (shared/node-errors.ts, server/app.ts); each is in the gateway's JSON error shape and reaches
// no upstream. Raw sockets: an HTTP client would not send these requests.
const TIMEOUT_MS = 1_500;
/** Past TIMEOUT_MS, Node's once-a-second check (connectionsCheckingInterval) and the answer. */
const CUT_WITHIN_MS = 6_000;
const HOST = 'shop.localhost';
const SEARCH = '/api/services/catalogue/api/v1/search?q=milk';
let gw: EndpointGateway;
let port: number;

beforeAll(async () => {
  gw = await startEndpointGateway({
    REQUEST_TIMEOUT_MS: String(TIMEOUT_MS),
    // Enables the tunnel; a refused envelope never reaches this address.
    SENTRY_PUBLIC_DSN: 'http://publickey@127.0.0.1:9/42',
  });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  port = (gw.app.server.address() as AddressInfo).port;
});
afterAll(() => gw?.close());
beforeEach(() => gw.upstream.reset());

function send(method: string, target: string, headers: [string, string][], body?: string) {
  const all: [string, string][] = [['Host', HOST], ...headers, ['Connection', 'close']];
  return sendRaw(port, { method, target, headers: all, body }, 10_000);
}

/** The error shape, with the code of the status (server/errors/status.ts). */
function expectErrorShape(answer: RawAnswer, status: number, code: string) {
  expect(answer.error).toBeNull();
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { error: { code: string; message: string; cid: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
  expect(body.error.cid).toMatch(CID_PATTERN);
}

describe('headers over the limit', () => {
  it.each(['/', SEARCH])('%s with a 20 KB header: 431 in the error shape', async (target) => {
    const answer = await send('GET', target, [['X-Filler', 'a'.repeat(20_000)]]);
    expectErrorShape(answer, 431, 'headers_too_large');
    expect(gw.upstream.requests).toEqual([]);
  });
});

// Node's own parser (llhttp) refuses these; the gateway only shapes the answer. The tests guard
// against a Node or Fastify upgrade or an option letting them through (insecureHTTPParser lets the
// first through to the proxy; no option of Node's lets the second through).
describe('conflicting body lengths (request smuggling)', () => {
  const write = [
    ['Origin', `http://${HOST}`],
    ['X-CSRF', '1'],
    ['Content-Type', 'application/json'],
  ] as [string, string][];

  it('Content-Length with Transfer-Encoding: chunked is 400, and nothing is proxied', async () => {
    const answer = await send(
      'POST',
      SEARCH,
      [...write, ['Content-Length', '4'], ['Transfer-Encoding', 'chunked']],
      '2\r\n{}\r\n0\r\n\r\n',
    );
    expectErrorShape(answer, 400, 'bad_request');
    expect(gw.upstream.requests).toEqual([]);
  });

  it('two different Content-Length values are 400, and nothing is proxied', async () => {
    const answer = await send(
      'POST',
      SEARCH,
      [...write, ['Content-Length', '2'], ['Content-Length', '4']],
      '{}{}',
    );
    expectErrorShape(answer, 400, 'bad_request');
    expect(gw.upstream.requests).toEqual([]);
  });
});

/** The request line, then a header a byte every 200 ms until the gateway ends the connection. */
const trickleHeaders = () =>
  trickle(port, {
    head: `GET / HTTP/1.1\r\nHost: ${HOST}\r\nX-Slow: `,
    byte: 'a',
    everyMs: 200,
    giveUpMs: CUT_WITHIN_MS * 2,
  });

describe('headers trickled a byte at a time (slowloris)', () => {
  it('the connection is cut (408 or closed) within the bound', async () => {
    const { afterMs, received } = await trickleHeaders();
    expect(afterMs).toBeLessThan(CUT_WITHIN_MS);
    // Node answers 408 (in the error shape) when the socket is still writable; closing is enough.
    if (received) {
      expect(received.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
      expect(received).toMatch(
        /\r\n\r\n\{"error":\{"code":"request_timeout","message":"[^"]+","cid":"/,
      );
    }
    expect(gw.upstream.requests).toEqual([]);
  }, 20_000);
});

describe('JSON bodies over the limit', () => {
  const json = (bytes: number) => JSON.stringify({ filler: 'a'.repeat(bytes) });
  const post = (target: string, body: string, framing: 'length' | 'chunked') =>
    send(
      'POST',
      target,
      [
        ['Origin', `http://${HOST}`],
        ['X-CSRF', '1'],
        ['Content-Type', 'application/json'],
        framing === 'chunked'
          ? ['Transfer-Encoding', 'chunked']
          : ['Content-Length', String(Buffer.byteLength(body))],
      ],
      framing === 'chunked' ? `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n` : body,
    );

  it.each(['length', 'chunked'] as const)(
    '/auth/sign-in over 1 MiB (%s): 413 in the error shape',
    async (framing) => {
      expectErrorShape(
        await post('/auth/sign-in', json(1024 * 1024 + 1), framing),
        413,
        'payload_too_large',
      );
      expect(gw.upstream.requests).toEqual([]);
    },
  );

  it.each(['length', 'chunked'] as const)(
    'the error tunnel over its 64 KiB (%s): 413 in the error shape',
    async (framing) => {
      expectErrorShape(
        await post('/monitoring', json(100 * 1024), framing),
        413,
        'payload_too_large',
      );
    },
  );

  it('leaves the gateway serving', async () => {
    expect((await send('GET', '/healthz', [])).status).toBe(200);
  });
});
