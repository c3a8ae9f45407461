import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registry } from '../../server/observability/metrics';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { requestLineOf } from '../support/request-lines';

// Issue #2 point 8, streaming: answers streamed (request bodies are read whole first, ADR 0352),
// and the upstream call aborted when the browser goes away (faults, limits and breakers:
// gateway-proxy-faults.test.ts).
const WRITE = { host: 'shop.localhost', 'x-csrf': '1', origin: 'http://shop.localhost' };
const MiB = 1024 * 1024;

/** gateway_upstream_requests_total of a service and status (0 when absent). */
async function upstreamCount(service: string, status: number): Promise<number> {
  const series = `gateway_upstream_requests_total{service="${service}",status="${status}"} `;
  const line = (await registry.metrics()).split('\n').find((l) => l.startsWith(series));
  return line ? Number(line.slice(series.length)) : 0;
}

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

  it('holds the upstream back while a slow browser reads a large answer, and delivers all of it', async () => {
    // 16 MiB of numbered bytes: far more than the sockets hold, so the answer's writes fill up,
    // the upstream is paused and resumed on drain, many times over.
    const size = 16 * MiB;
    const payload = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4) payload.writeUInt32BE(i, i);
    let upstreamDone = false;
    upstream.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
      res.end(payload, () => (upstreamDone = true));
    });
    const { received, doneBeforeRead } = await new Promise<{
      received: Buffer;
      doneBeforeRead: boolean;
    }>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          agent: false,
          path: '/api/services/catalogue/large',
          headers: { host: 'shop.localhost' },
        },
        (res) => {
          res.pause();
          // Not read for a while: the upstream cannot have sent everything by then.
          setTimeout(() => {
            const doneBeforeRead = upstreamDone;
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ received: Buffer.concat(chunks), doneBeforeRead }));
            res.resume();
          }, 300);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(doneBeforeRead).toBe(false);
    expect(received.length).toBe(size);
    expect(received.equals(payload)).toBe(true);
  });

  it('reads the request body whole first: the upstream gets the call once the browser sent it all', async () => {
    const calls: number[] = [];
    const arrived: string[] = [];
    upstream.handle((req, res) => {
      arrived.push(req.url ?? '');
      let size = 0;
      req.on('data', (chunk: Buffer) => (size += chunk.length));
      req.on('end', () => {
        calls.push(size);
        res.end(JSON.stringify({ size }));
      });
    });
    let sendTheRest!: () => void;
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
      sendTheRest = () => req.end(Buffer.alloc(1000, 2));
    });
    // Half the body sent: no call yet (ADR 0352), whatever time passes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(arrived).toEqual([]);
    sendTheRest();
    expect(JSON.parse(await answer)).toEqual({ size: 2000 });
    expect(calls).toEqual([2000]);
  });

  it('refuses a chunked body over 1 MiB with 413 JSON before any upstream call, no upstream failure', async () => {
    const failures = () => upstreamCount('orders', 0);
    const before = await failures();
    const arrived: string[] = [];
    upstream.handle((req, res) => {
      arrived.push(req.url ?? '');
      res.end('{"called":true}');
    });
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
    expect(arrived).toEqual([]);
    // The visitor's body, not the platform: no "no answer" (status 0) counted, nor in its line
    // (ADR 0312).
    const line = await requestLineOf(gw.logs, JSON.parse(res.body).error.cid);
    expect(line).toMatchObject({ statusCode: 413, route: 'proxy' });
    expect(line).not.toHaveProperty('upstreamStatus');
    expect(await failures()).toBe(before);
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

  it('aborts the upstream call when the browser goes away in the middle of the answer', async () => {
    let firstChunkSent!: () => void;
    const upstreamWrote = new Promise<void>((resolve) => (firstChunkSent = resolve));
    const upstreamClosed = new Promise<void>((resolve) =>
      upstream.handle((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first chunk\n', () => firstChunkSent());
        res.on('close', () => resolve());
      }),
    );
    const req = httpRequest({
      port,
      agent: false,
      path: '/api/services/catalogue/slow-body',
      headers: { host: 'shop.localhost' },
    });
    req.on('error', () => {});
    const status = new Promise<number>((resolve) =>
      req.on('response', (res) => {
        resolve(res.statusCode ?? 0);
        res.once('data', () => req.destroy());
      }),
    );
    req.end();
    await upstreamWrote;
    expect(await status).toBe(200);
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

function withTimeout(promise: Promise<void>, ms: number): Promise<string> {
  return Promise.race([
    promise.then(() => 'done'),
    new Promise<string>((resolve) => setTimeout(() => resolve('timed out'), ms)),
  ]);
}
