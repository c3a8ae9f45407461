import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { frontDoorCount } from '../../server/proxy/front-door';
import { startEndpointGateway, type EndpointGateway } from './endpoint-gateway';
import { rawRequest, type RawAnswer } from './raw-http';

// ADR 0207: the same proxied request sent on a socket (the fast path may serve it) and through
// inject() (which enters Fastify directly: always the proxy route), and what the upstream saw.
export const SHOP = { host: 'shop.localhost', 'user-agent': 'storefront-test' };

export type FastPathGateway = { gw: EndpointGateway; base: string };

/** A listening gateway on a recording fake platform, for one test file. */
export function fastPathGatewayPerFile(env: Record<string, string> = {}): FastPathGateway {
  const it = {} as FastPathGateway;
  beforeAll(async () => {
    it.gw = await startEndpointGateway(env);
    await it.gw.app.listen({ port: 0, host: '127.0.0.1' });
    it.base = `http://127.0.0.1:${(it.gw.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => it.gw.close());
  beforeEach(() => {
    it.gw.upstream.reset();
    it.gw.upstream.on('*', /.*/, { body: { ok: true } });
    it.gw.logs.length = 0;
  });
  return it;
}

export function jwt(seconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'ES256' })}.${part({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + seconds })}.c2ln`;
}

export type Seen = {
  answer: RawAnswer;
  upstream: { url: string; headers: Record<string, unknown> }[];
  /** Calls that came in by the front door (0 or 1). */
  served: number;
};

/** One request on a socket (the fast path may take it) and what the upstream saw. */
export async function viaSocket(
  { gw, base }: FastPathGateway,
  method: string,
  url: string,
  headers: Record<string, string | string[]> = {},
): Promise<Seen> {
  gw.upstream.requests.length = 0;
  const before = frontDoorCount.served;
  const answer = await rawRequest(base, method, url, { ...SHOP, ...headers });
  return {
    answer,
    upstream: gw.upstream.requests.map((r) => ({ url: r.url, headers: { ...r.headers } })),
    served: frontDoorCount.served - before,
  };
}

/** The same request through inject(): Fastify's route, never the fast path. */
export async function viaRoute(
  { gw }: FastPathGateway,
  method: string,
  url: string,
  headers: Record<string, string | string[]> = {},
): Promise<Seen> {
  gw.upstream.requests.length = 0;
  const res = await gw.app.inject({
    method: method as 'GET',
    url,
    headers: { ...SHOP, ...headers },
  });
  return {
    answer: { status: res.statusCode, headers: res.headers, body: res.body },
    upstream: gw.upstream.requests.map((r) => ({ url: r.url, headers: { ...r.headers } })),
    served: 0,
  };
}

// What differs per request by design (ids, dates, the connection of the test client).
const VARYING = ['date', 'x-correlation-id', 'traceparent', 'connection', 'keep-alive', 'host'];
const stable = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !VARYING.includes(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** What must be the same both ways: status, headers, body (CID aside), the upstream's requests. */
export const shape = (seen: Seen) => ({
  status: seen.answer.status,
  headers: stable(seen.answer.headers),
  body: seen.answer.body.replace(/"cid":"[^"]+"/, '"cid":"…"'),
  upstream: seen.upstream.map((r) => ({ url: r.url, headers: stable(r.headers) })),
});
