import { once } from 'node:events';
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BREAKER } from '../../server/proxy/breakers';
import { startEndpointGateway, SHOP, type EndpointGateway } from '../support/endpoint-gateway';

// A call that ends without the upstream's verdict (the visitor left before the answer; the gateway
// cut an upload over 1 MiB) says nothing of the service: it counts neither as a failure nor as a
// success for its circuit breaker (server/proxy/breakers.ts: "visitors who leave never count").
// Before, it counted as a success and started the consecutive failures over: while a sick service
// made visitors give up, the breaker never opened, and every shopper waited out its deadline.
const ORDERS = '/api/services/orders';
const BEFORE_THRESHOLD = DEFAULT_BREAKER.failures - 1;

let upstream: HandUpstream;
let gw: EndpointGateway;
let port: number;

beforeAll(async () => {
  upstream = await startHandUpstream();
  gw = await startEndpointGateway({ PLATFORM_URL: upstream.url });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  port = (gw.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await gw?.close();
  await upstream?.close();
});

const get = (path: string) => fetch(`http://127.0.0.1:${port}${ORDERS}${path}`, { headers: SHOP });

describe('a call without the upstream verdict', () => {
  it('does not start the consecutive failures over: the breaker still opens at the threshold', async () => {
    for (let i = 0; i < BEFORE_THRESHOLD; i++) expect((await get('/fail')).status).toBe(500);
    expect(await leaveBeforeTheAnswer(port, upstream)).toBe('left');
    expect((await get('/fail')).status).toBe(500); // the threshold's failure

    const calls = upstream.paths.length;
    const fast = await get('/ok');
    expect(fast.status).toBe(503);
    expect(await fast.json()).toMatchObject({ error: { code: 'upstream_unavailable' } });
    expect(upstream.paths).toHaveLength(calls);
  });
});

type HandUpstream = {
  url: string;
  paths: string[];
  /** The response of the next call to …/slow, which is left unanswered. */
  next(): Promise<ServerResponse>;
  close(): Promise<void>;
};

async function startHandUpstream(): Promise<HandUpstream> {
  const paths: string[] = [];
  let arrived: (res: ServerResponse) => void = () => {};
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    req.on('error', () => {});
    if (req.url?.endsWith('/slow')) return arrived(res);
    const failing = req.url?.endsWith('/fail');
    res
      .writeHead(failing ? 500 : 200, { 'content-type': 'application/json' })
      .end(failing ? '{"error":{"code":"internal","message":"sick"}}' : '{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    next: () => new Promise((resolve) => (arrived = resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A visitor who goes away once the upstream has the call and before it answers. */
async function leaveBeforeTheAnswer(
  port: number,
  upstream: HandUpstream,
): Promise<number | 'left'> {
  const arrived = upstream.next();
  const req = httpRequest({ port, agent: false, path: `${ORDERS}/slow`, headers: SHOP });
  req.on('error', () => {});
  const answered = new Promise<number>((resolve) =>
    req.on('response', (res) => resolve(res.statusCode ?? 0)),
  );
  req.end();
  const first = await Promise.race([arrived, answered]);
  req.destroy();
  if (typeof first === 'number') return first;
  await once(first, 'close'); // the gateway aborted its call
  return 'left';
}
