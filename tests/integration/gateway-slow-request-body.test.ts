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

// A proxied write whose body the visitor is still sending (ADR 0352): the body is read whole
// before the call, so the service's deadline (SERVICE_URLS timeoutMs) runs from a whole request,
// and the visitor's own wait is bounded by REQUEST_TIMEOUT_MS (408). Before, the body streamed to
// the service as it came: a slow upload on a poor connection was cut with a 504, five bodies
// stalled on purpose were five upstream timeouts, which opened the service's circuit breaker for
// every shopper, and stalled uploads held the proxy's fair-share places (ADR 0249) and the
// service's connections, so every other visitor's call was shed and /readyz said 503.
// Client addresses come from X-Forwarded-For, the gateway trusting 127.0.0.1 (TRUST_PROXY).
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
    TRUST_PROXY: '127.0.0.1',
    FAIR_SHARE_CALLS: '2/4',
    FAIR_SHARE_QUEUE_MS: '200',
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

const head = (path: string, length: number, from = '127.0.0.1') =>
  `POST ${ORDERS}${path} HTTP/1.1\r\nHost: shop.localhost\r\nOrigin: http://shop.localhost\r\n` +
  `X-CSRF: 1\r\nX-Forwarded-For: ${from}\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${length}\r\n\r\n`;

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

  it("holds no fair-share place: another address's calls answer and the gateway stays ready", async () => {
    const sockets = ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2'].map((from) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.on('error', () => undefined);
      socket.write(head('/read', 8, from) + '"sl');
      return socket;
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // their heads are read
      const other = { ...SHOP, 'x-forwarded-for': '198.51.100.4' };
      // Before: 503 (every place held by the stalled uploads), and /readyz 503 "saturated".
      const read = await fetch(`http://127.0.0.1:${port}${ORDERS}/ok`, { headers: other });
      expect(read.status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`, { headers: other })).status).toBe(200);
      expect(gw.app.fairShare.calls.stats.inUse).toBe(0);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

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
