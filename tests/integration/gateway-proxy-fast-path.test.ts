import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fastPathCounts } from '../../server/proxy/fast-path';
import { registry } from '../../server/observability/metrics';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { rawRequest, type RawAnswer } from '../support/raw-http';

// ADR 0207: plain proxied reads are served before Fastify's routing. The same request sent on a
// socket (fast path) and through inject() (which enters Fastify directly: the route's path) must
// get the same answer, the upstream the same request, and the log the same line; whatever the
// fast path does not serve itself must still reach the route's rules.
const SHOP = { host: 'shop.localhost', 'user-agent': 'storefront-test' };
const ORDERS = '/api/services/orders/api/v1/orders';
const UAA = '/api/services/uaa/api/v1';

let gw: EndpointGateway;
let base: string;
beforeAll(async () => {
  gw = await startEndpointGateway();
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
});
afterAll(() => gw.close());
beforeEach(() => {
  gw.upstream.reset();
  gw.upstream.on('*', /.*/, { body: { ok: true } });
  gw.logs.length = 0;
});

function jwt(seconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'ES256' })}.${part({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + seconds })}.c2ln`;
}

type Seen = {
  answer: RawAnswer;
  upstream: { url: string; headers: Record<string, unknown> }[];
  served: number;
  handedOver: number;
};

/** One request on a socket (the fast path may take it) and what the upstream saw. */
async function viaSocket(
  method: string,
  url: string,
  headers: Record<string, string | string[]> = {},
): Promise<Seen> {
  gw.upstream.requests.length = 0;
  const before = { ...fastPathCounts };
  const answer = await rawRequest(base, method, url, { ...SHOP, ...headers });
  return {
    answer,
    upstream: gw.upstream.requests.map((r) => ({ url: r.url, headers: { ...r.headers } })),
    served: fastPathCounts.served - before.served,
    handedOver: fastPathCounts.handedOver - before.handedOver,
  };
}

/** The same request through inject(): Fastify's route, never the fast path. */
async function viaRoute(
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
    handedOver: 0,
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
const shape = (seen: Seen) => ({
  status: seen.answer.status,
  headers: stable(seen.answer.headers),
  body: seen.answer.body.replace(/"cid":"[^"]+"/, '"cid":"…"'),
  upstream: seen.upstream.map((r) => ({ url: r.url, headers: stable(r.headers) })),
});

describe('the fast path answers as the proxy route does', () => {
  const cases: [string, string, string, Record<string, string>][] = [
    [
      'GET with token cookies',
      'GET',
      `${ORDERS}?page=2`,
      { cookie: `access_token=${jwt(600)}; refresh_token=r` },
    ],
    [
      'HEAD with token cookies',
      'HEAD',
      ORDERS,
      { cookie: `access_token=${jwt(600)}; refresh_token=r` },
    ],
    [
      'GET of a guest without cookies',
      'GET',
      ORDERS,
      { accept: 'application/json', 'accept-language': 'de' },
    ],
    [
      'public catalogue data (no token sent, public policy)',
      'GET',
      '/api/services/catalogue/api/v1/categories',
      { cookie: `access_token=${jwt(600)}; refresh_token=r` },
    ],
    ['an opaque token without a refresh token', 'GET', ORDERS, { cookie: 'access_token=opaque-1' }],
    [
      'headers a Connection header names are dropped',
      'GET',
      ORDERS,
      { connection: 'accept-language', 'accept-language': 'fr', 'if-none-match': '"v1"' },
    ],
  ];
  it.each(cases)(
    '%s: written directly, same answer and upstream request',
    async (_, method, url, headers) => {
      const fast = await viaSocket(method, url, headers);
      const route = await viaRoute(method, url, headers);
      expect(fast.served).toBe(1);
      expect(shape(fast)).toEqual(shape(route));
      expect(fast.answer.headers['x-correlation-id']).toMatch(/\S/);
      expect(fast.upstream[0]!.headers['x-correlation-id']).toBe(
        fast.answer.headers['x-correlation-id'],
      );
      expect(fast.upstream[0]!.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    },
  );

  it('keeps security headers, the private cache policy and the Bearer token', async () => {
    const token = jwt(600);
    const fast = await viaSocket('GET', ORDERS, {
      cookie: `access_token=${token}; refresh_token=r`,
    });
    expect(fast.served).toBe(1);
    expect(fast.answer.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cache-control': 'private, no-store',
    });
    expect(fast.upstream[0]!.headers.authorization).toBe(`Bearer ${token}`);
    expect(fast.upstream[0]!.headers['x-domain-origin']).toBe('http://shop.localhost');
    expect(fast.upstream[0]!.headers.cookie).toBeUndefined();
  });

  it('keeps a well-formed X-Correlation-ID and the page CID, and logs one line like the route', async () => {
    const cid = 'a'.repeat(32);
    const page = 'b'.repeat(32);
    const headers = { 'x-correlation-id': cid, 'x-page-cid': page };
    const fast = await viaSocket('GET', ORDERS, headers);
    expect(fast.served).toBe(1);
    expect(fast.answer.headers['x-correlation-id']).toBe(cid);
    await viaRoute('GET', ORDERS, headers);
    const lines = gw.logs.filter((line) => line.msg === 'request completed');
    expect(lines).toHaveLength(2);
    const fields = (line: Record<string, unknown>) => {
      const { time: _time, responseTime, ...rest } = line;
      return { ...rest, responseTime: typeof responseTime };
    };
    expect(fields(lines[0]!)).toMatchObject({ cid, pageCid: page, url: ORDERS, statusCode: 200 });
    expect(fields(lines[0]!)).toEqual({ ...fields(lines[1]!), remoteAddress: '127.0.0.1' });
  });

  it('counts the call in the request metrics under route "proxy"', async () => {
    const count = async () => {
      const text = await registry.metrics();
      const line =
        /gateway_http_requests_total\{route="proxy",method="HEAD",status="200"\} (\d+)/.exec(text);
      return Number(line?.[1] ?? 0);
    };
    const before = await count();
    const fast = await viaSocket('HEAD', ORDERS);
    expect(fast.served).toBe(1);
    expect(await count()).toBe(before + 1);
  });
});

describe('what the fast path hands to the route', () => {
  it.each([
    [404, { error: { code: 'not_found', message: 'no such order' } }],
    [500, { error: 'boom' }],
    [409, 'plain text conflict'],
  ])('an upstream %i gets the gateway error shape, as through the route', async (status, body) => {
    gw.upstream.on('GET', ORDERS, { status, body });
    const fast = await viaSocket('GET', ORDERS);
    const route = await viaRoute('GET', ORDERS);
    expect(fast.handedOver).toBe(1);
    expect(fast.upstream).toHaveLength(1); // the route answered from the fast path's call
    expect(shape(fast)).toEqual(shape(route));
    const answer = JSON.parse(fast.answer.body) as { error: { cid: string } };
    expect(answer.error.cid).toBe(fast.answer.headers['x-correlation-id']);
    expect(fast.upstream[0]!.headers['x-correlation-id']).toBe(answer.error.cid);
  });

  it('a 503 is retried once by the route', async () => {
    let calls = 0;
    gw.upstream.on('GET', ORDERS, () =>
      ++calls === 1
        ? { status: 503, headers: { 'retry-after': '0' }, body: {} }
        : { body: { orders: [1] } },
    );
    const fast = await viaSocket('GET', ORDERS);
    expect(fast.handedOver).toBe(1);
    expect(fast.answer.status).toBe(200);
    expect(JSON.parse(fast.answer.body)).toEqual({ orders: [1] });
    expect(fast.upstream).toHaveLength(2);
  });

  it('a 401 renews the token once and asks again, setting the new cookies', async () => {
    gw.upstream.on('GET', ORDERS, (r) =>
      r.headers.authorization === 'Bearer access-new'
        ? { body: { orders: [] } }
        : { status: 401, headers: { 'www-authenticate': 'Bearer' }, body: { error: 'x' } },
    );
    gw.upstream.on('POST', `${UAA}/auth/refresh`, {
      body: {
        access_token: 'access-new',
        refresh_token: 'refresh-new',
        expires_in: 300,
        refresh_expires_in: 3600,
      },
    });
    const fast = await viaSocket('GET', ORDERS, {
      cookie: 'access_token=opaque-old; refresh_token=r1',
    });
    expect(fast.handedOver).toBe(1);
    expect(fast.answer.status).toBe(200);
    expect(fast.answer.headers['www-authenticate']).toBeUndefined();
    expect(String(fast.answer.headers['set-cookie'])).toContain('access_token=access-new');
    expect(fast.upstream.map((r) => r.headers.authorization ?? r.url)).toEqual([
      'Bearer opaque-old',
      `${UAA}/auth/refresh`,
      'Bearer access-new',
    ]);
  });

  it('an unreachable upstream is the route’s 502 in the error shape', async () => {
    gw.upstream.on('GET', ORDERS, { destroy: true });
    const fast = await viaSocket('GET', ORDERS);
    expect(fast.handedOver).toBe(1);
    expect(fast.answer.status).toBe(502);
    expect(JSON.parse(fast.answer.body).error.cid).toBe(fast.answer.headers['x-correlation-id']);
  });
});

describe('what the fast path leaves to Fastify', () => {
  it.each([
    [
      'a token due for renewal',
      'GET',
      ORDERS,
      { cookie: `access_token=${jwt(30)}; refresh_token=r` },
      200,
    ],
    ['a malformed Host', 'GET', ORDERS, { host: 'shop.localhost:99999' }, 400],
    ['an unknown service', 'GET', '/api/services/nope/x', {}, 404],
    ['a token endpoint', 'GET', `${UAA}/oauth/token`, {}, 404],
    ['a path escape', 'GET', '/api/services/orders/%2e%2e/uaa/x', {}, 400],
    [
      'copyBookingToCart without X-CSRF',
      'GET',
      '/api/services/booking-ms/api/v1/bookings/1/copyBookingToCart',
      {},
      403,
    ],
    ['a GET with a body', 'GET', ORDERS, { 'content-length': '2' }, 200],
    [
      'a POST',
      'POST',
      ORDERS,
      { 'x-csrf': '1', origin: 'http://shop.localhost', 'content-type': 'application/json' },
      200,
    ],
  ] as const)('%s', async (_, method, url, headers, status) => {
    gw.upstream.on('POST', `${UAA}/auth/refresh`, {
      body: {
        access_token: 'access-r',
        refresh_token: 'refresh-r',
        expires_in: 300,
        refresh_expires_in: 3600,
      },
    });
    const before = { ...fastPathCounts };
    const { host, ...rest } = headers as Record<string, string | string[]>;
    const body = method === 'POST' || 'content-length' in rest ? '{}' : undefined;
    const answer = await rawRequest(
      base,
      method,
      url,
      { ...SHOP, ...(host ? { host } : {}), ...rest },
      body,
    );
    expect(answer.status).toBe(status);
    expect(fastPathCounts).toEqual(before);
  });
});
