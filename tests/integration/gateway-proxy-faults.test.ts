import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';

// Issue #2 point 8, faults and streaming: body limit, timeouts, unreachable upstream, retries,
// bodies streamed both ways, and the upstream call aborted when the browser goes away.
const WRITE = { host: 'shop.localhost', 'x-csrf': '1', origin: 'http://shop.localhost' };
const MiB = 1024 * 1024;

describe('with the recording upstream', () => {
  let gw: EndpointGateway;
  beforeAll(async () => {
    gw = await startEndpointGateway({ PROXY_TIMEOUT_MS: '1000' });
  });
  afterAll(() => gw.close());
  beforeEach(() => gw.upstream.reset());

  it('refuses a declared body over 1 MiB with 413 JSON; the upstream sees nothing', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/services/orders/api/v1/orders',
      headers: {
        ...WRITE,
        'content-type': 'application/json',
        cookie: 'access_token=a; refresh_token=r',
      },
      payload: Buffer.alloc(MiB + 1, 0x61),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'payload_too_large',
      cid: res.headers['x-correlation-id'],
    });
    expect(gw.upstream.requests).toHaveLength(0);
  });

  it('passes a body just under the limit intact', async () => {
    gw.upstream.on('PUT', /.*/, (r) => ({ body: { length: r.body.length } }));
    const res = await gw.app.inject({
      method: 'PUT',
      url: '/api/services/booking-ms/api/v1/x',
      headers: { ...WRITE, 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(MiB, 0x62),
    });
    expect(res.json()).toEqual({ length: MiB });
  });

  it('answers 504 JSON upstream_timeout when the upstream hangs', async () => {
    gw.upstream.on('GET', /.*/, { delayMs: 3000, body: {} });
    const started = Date.now();
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/services/catalogue/slow',
      headers: { host: 'shop.localhost' },
    });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({
      error: {
        code: 'upstream_timeout',
        message: expect.stringContaining('catalogue'),
        cid: res.headers['x-correlation-id'],
      },
    });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('answers 502 JSON when the upstream drops the connection', async () => {
    gw.upstream.on('GET', /.*/, { destroy: true });
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/services/catalogue/x',
      headers: { host: 'shop.localhost' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('upstream_unreachable');
  });

  it('never retries a POST on 503: the upstream sees exactly one', async () => {
    gw.upstream.on('POST', /.*/, {
      status: 503,
      body: { error: { code: 'unavailable', message: 'busy' } },
    });
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/services/orders/api/v1/orders',
      headers: WRITE,
      payload: { a: 1 },
    });
    expect(res.statusCode).toBe(503);
    expect(gw.upstream.requests).toHaveLength(1);
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('never retries a %s on 503', async (method) => {
    gw.upstream.on(method, /.*/, { status: 503 });
    await gw.app.inject({ method, url: '/api/services/orders/api/v1/orders/1', headers: WRITE });
    expect(gw.upstream.requests).toHaveLength(1);
  });

  it('retries a GET on 503 at most once', async () => {
    gw.upstream.on('GET', /.*/, { status: 503, headers: { 'retry-after': '3600' }, body: {} });
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/services/catalogue/x',
      headers: { host: 'shop.localhost' },
    });
    expect(res.statusCode).toBe(503);
    expect(gw.upstream.requests).toHaveLength(2);
  });
});

describe('circuit breaker per service', () => {
  it('after 5 consecutive upstream failures fails fast with 503 JSON; other services are not affected', async () => {
    const gw = await startEndpointGateway();
    try {
      gw.upstream.on('POST', /orders/, { status: 503, body: {} });
      gw.upstream.on('GET', /catalogue/, { body: { ok: true } });
      for (let i = 0; i < 5; i++) {
        expect(
          (await gw.app.inject({ method: 'POST', url: '/api/services/orders/x', headers: WRITE }))
            .statusCode,
        ).toBe(503);
      }
      const fast = await gw.app.inject({
        method: 'POST',
        url: '/api/services/orders/x',
        headers: WRITE,
      });
      expect(fast.statusCode).toBe(503);
      expect(fast.json().error).toMatchObject({
        code: 'upstream_unavailable',
        cid: fast.headers['x-correlation-id'],
      });
      expect(gw.upstream.received('/api/services/orders')).toHaveLength(5);

      const other = await gw.app.inject({
        method: 'GET',
        url: '/api/services/catalogue/x',
        headers: { host: 'shop.localhost' },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await gw.close();
    }
  });

  it('does not count client faults (4xx, oversized bodies) as upstream failures', async () => {
    const gw = await startEndpointGateway();
    try {
      gw.upstream.on('GET', /orders/, { status: 404, body: {} });
      for (let i = 0; i < 8; i++) {
        expect(
          (
            await gw.app.inject({
              method: 'GET',
              url: '/api/services/orders/x',
              headers: { host: 'shop.localhost' },
            })
          ).statusCode,
        ).toBe(404);
      }
      expect(gw.upstream.received('/api/services/orders')).toHaveLength(8);
    } finally {
      await gw.close();
    }
  });
});

describe('with a dead upstream', () => {
  it('answers 502 JSON upstream_unreachable', async () => {
    const port = await closedPort();
    const gw = await startEndpointGateway({ PLATFORM_URL: `http://127.0.0.1:${port}` });
    try {
      const res = await gw.app.inject({
        method: 'GET',
        url: '/api/services/catalogue/x',
        headers: { host: 'shop.localhost' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: {
          code: 'upstream_unreachable',
          message: expect.any(String),
          cid: res.headers['x-correlation-id'],
        },
      });
    } finally {
      await gw.close();
    }
  });
});

describe('with a hand-driven upstream (streaming, aborts)', () => {
  let upstream: RawUpstream;
  let gw: EndpointGateway;
  let port: number;
  beforeEach(async () => {
    upstream = await startRawUpstream();
    gw = await startEndpointGateway({ PLATFORM_URL: upstream.url });
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    port = (gw.app.server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    await gw.close();
    await upstream.close();
  });

  it('streams the response: the browser gets the first chunk before the upstream has finished', async () => {
    let finish!: () => void;
    upstream.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first;');
      finish = () => res.end('last');
    });
    const body = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          agent: false,
          path: '/api/services/catalogue/stream',
          headers: { host: 'shop.localhost' },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text === 'first;') finish(); // only reachable if the first chunk was not held back
          });
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(body).toBe('first;last');
  });

  it('streams the request body: the upstream reads the first chunk before the browser sends the rest', async () => {
    let firstChunkSeen!: () => void;
    const seen = new Promise<void>((resolve) => (firstChunkSeen = resolve));
    upstream.handle((req, res) => {
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        firstChunkSeen();
      });
      req.on('end', () => res.end(JSON.stringify({ size })));
    });
    const answer = new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          agent: false,
          method: 'POST',
          path: '/api/services/orders/upload',
          headers: { ...WRITE, 'content-type': 'application/octet-stream' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.write(Buffer.alloc(1000, 1));
      void seen.then(() => req.end(Buffer.alloc(1000, 2)));
    });
    expect(JSON.parse(await answer)).toEqual({ size: 2000 });
  });

  it('cuts a chunked body at 1 MiB with 413 JSON and aborts the upstream call', async () => {
    const upstreamAborted = new Promise<boolean>((resolve) =>
      upstream.handle((req) => {
        req.on('error', () => {});
        req.resume(); // reads (and drops) what arrives, as a real service would
        req.on('close', () => resolve(!req.complete));
      }),
    );
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          agent: false,
          method: 'POST',
          path: '/api/services/orders/upload',
          headers: { ...WRITE, 'content-type': 'application/octet-stream' },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 1);
      for (let i = 0; i < 40; i++) req.write(chunk); // 2.5 MiB, chunked
      req.end();
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.code).toBe('payload_too_large');
    expect(await upstreamAborted).toBe(true);
  });

  it('keeps a keep-alive connection usable after refusing a request whose body it never read', async () => {
    upstream.handle((_req, res) => res.end('{"ok":true}'));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const call = (method: string, path: string, body?: Buffer) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            port,
            agent,
            method,
            path,
            headers: { ...WRITE, 'content-type': 'application/octet-stream' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    expect(await call('POST', '/api/services/nope/x', Buffer.alloc(200_000, 1))).toBe(404);
    expect(await call('POST', '/api/services/orders/x', Buffer.alloc(MiB + 10, 1))).toBe(413);
    expect(await call('GET', '/api/services/catalogue/x')).toBe(200);
    agent.destroy();
  });

  it('aborts the upstream call when the browser goes away before the answer', async () => {
    let arrived!: () => void;
    const upstreamGotIt = new Promise<void>((resolve) => (arrived = resolve));
    const upstreamClosed = new Promise<void>((resolve) =>
      upstream.handle((_req, res) => {
        arrived();
        res.on('close', () => resolve());
      }),
    );
    const req = httpRequest({
      port,
      agent: false,
      path: '/api/services/catalogue/slow',
      headers: { host: 'shop.localhost' },
    });
    req.on('error', () => {});
    req.end();
    await upstreamGotIt;
    req.destroy();
    await expect(withTimeout(upstreamClosed, 2000)).resolves.toBe('done');
  });
});

type RawUpstream = { url: string; handle(listener: RequestListener): void; close(): Promise<void> };

async function startRawUpstream(): Promise<RawUpstream> {
  let listener: RequestListener = (_req: IncomingMessage, res: ServerResponse) => res.end();
  const server = createServer((req, res) => listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    handle: (next) => void (listener = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function withTimeout(promise: Promise<void>, ms: number): Promise<string> {
  return Promise.race([
    promise.then(() => 'done'),
    new Promise<string>((resolve) => setTimeout(() => resolve('timed out'), ms)),
  ]);
}
