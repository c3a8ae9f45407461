import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BREAKER } from '../../server/proxy/breakers';
import {
  startEndpointGateway,
  SHOP,
  WRITE,
  type EndpointGateway,
} from '../support/endpoint-gateway';
import { trickle } from '../support/trickle';

// A proxied write whose body the visitor is still sending (ADR 0347): the service cannot answer
// what it has not all received, so its deadline (SERVICE_URLS timeoutMs) runs from the body's
// last byte, and the visitor's own wait is bounded by REQUEST_TIMEOUT_MS (408). Before, the
// service's deadline ran from the call's start: a slow upload on a poor connection was cut with a
// 504, and five bodies stalled on purpose were five upstream timeouts, which opened the service's
// circuit breaker for every shopper.
const SERVICE_MS = 300;
const REQUEST_MS = 1_500;
const ORDERS = '/api/services/orders';
let upstream: { url: string; server: Server };
let gw: EndpointGateway;
let port: number;

beforeAll(async () => {
  upstream = await startReadingUpstream();
  gw = await startEndpointGateway({
    PLATFORM_URL: upstream.url,
    REQUEST_TIMEOUT_MS: String(REQUEST_MS),
    SERVICE_URLS: JSON.stringify({ orders: { url: upstream.url, timeoutMs: SERVICE_MS } }),
  });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  port = (gw.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await gw?.close();
  upstream?.server.closeAllConnections();
  await new Promise((resolve) => upstream?.server.close(resolve));
});

const head = (path: string, length: number) =>
  `POST ${ORDERS}${path} HTTP/1.1\r\nHost: shop.localhost\r\nOrigin: http://shop.localhost\r\n` +
  `X-CSRF: 1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('a proxied body the visitor is still sending', () => {
  it('reaches the service when it arrives whole after the service deadline, and is answered', async () => {
    const sent = await sendSlowly(head('/read', 8), '"slowly"', 150); // 8 bytes over ~1.1 s
    expect(sent.statusLine).toBe('HTTP/1.1 200 OK');
    expect(sent.body).toContain('{"bytes":8}');
    expect(sent.afterMs).toBeGreaterThan(SERVICE_MS * 3);
  });

  it(`stalled ${DEFAULT_BREAKER.failures + 1} times is the visitor's 408, and the service's breaker stays closed`, async () => {
    const stalled = await Promise.all(
      Array.from({ length: DEFAULT_BREAKER.failures + 1 }, () =>
        trickle(port, { head: head('/read', 200), byte: ' ', everyMs: 200, giveUpMs: 10_000 }),
      ),
    );
    for (const { received, afterMs } of stalled) {
      expect(received.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
      expect(afterMs).toBeGreaterThanOrEqual(REQUEST_MS);
    }
    const after = await fetch(`http://127.0.0.1:${port}${ORDERS}/ok`, { headers: SHOP });
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({ ok: true });
  }, 20_000);

  it('is still the service timing out when the service stops reading it (504)', async () => {
    const started = Date.now();
    const answer = await post('/deaf', Buffer.alloc(900 * 1024, 0x20));
    expect(answer.status, answer.body).toBe(504);
    expect(JSON.parse(answer.body).error.code).toBe('upstream_timeout');
    expect(Date.now() - started).toBeLessThan(REQUEST_MS);
  });
});

/**
 * An upstream that answers `/read` with the size of the body once it all arrived, `/deaf` never
 * (it reads nothing), anything else 200 `{ ok: true }`.
 */
async function startReadingUpstream(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.on('error', () => undefined);
    if (req.url?.endsWith('/deaf')) return;
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      const body = req.url?.endsWith('/read') ? { bytes } : { ok: true };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Sends `head` (with Connection: close), then `body` a byte every `everyMs`: the answer. */
function sendSlowly(
  head: string,
  body: string,
  everyMs: number,
): Promise<{ statusLine: string; body: string; afterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect({ port, host: '127.0.0.1' });
    let received = '';
    socket.write(head.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'));
    let next = 0;
    const timer = setInterval(() => {
      socket.write(body[next]!);
      if (++next === body.length) clearInterval(timer);
    }, everyMs);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      const [headText = '', rest = ''] = received.split('\r\n\r\n');
      resolve({
        statusLine: headText.split('\r\n')[0] ?? '',
        body: rest,
        afterMs: Date.now() - started,
      });
    });
  });
}

/** A proxied write with its body sent at once (Node's client sets the Host header it is given). */
function post(path: string, body: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: ORDERS + path,
        agent: false,
        headers: { ...WRITE, 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
