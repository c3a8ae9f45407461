import { describe, expect, it } from 'vitest';
import { fastPathCounts } from '../../server/proxy/fast-path';
import { rawRequest } from '../support/raw-http';
import {
  fastPathGatewayPerFile,
  SHOP,
  shape,
  viaRoute as route,
  viaSocket as socket,
  jwt,
} from '../support/proxy-fast-path';

// ADR 0207: what the proxy's fast path does not finish itself. An upstream answer >= 400, or none,
// is handed to the proxy route, which answers from the fast path's call (error shape, 503 retry,
// 401 renewal); requests it does not serve at all reach Fastify's rules untouched.
const ORDERS = '/api/services/orders/api/v1/orders';
const UAA = '/api/services/uaa/api/v1';

const fp = fastPathGatewayPerFile();
const viaSocket = (...args: [string, string, Record<string, string>?]) => socket(fp, ...args);
const viaRoute = (...args: [string, string, Record<string, string>?]) => route(fp, ...args);

describe('what the fast path hands to the route', () => {
  it('the breaker counts its calls: a read it answers starts the failures over, five 500s open it', async () => {
    const LISTS = '/api/services/shopping-lists/api/v1/lists';
    let status = 200;
    fp.gw.upstream.on('GET', LISTS, () => ({ status, body: { status } }));
    const read = async (expected: number) => {
      status = expected;
      return viaSocket('GET', LISTS);
    };
    expect((await read(200)).served).toBe(1);
    for (let i = 0; i < 4; i++) expect((await read(500)).handedOver).toBe(1);
    expect((await read(200)).served).toBe(1); // without this success, the next 500 opens it
    for (let i = 0; i < 5; i++) {
      const seen = await read(500);
      expect(seen.upstream).toHaveLength(1);
      expect(seen.answer.status).toBe(500);
    }
    const open = await read(200);
    expect(open.upstream).toHaveLength(0); // the circuit is open: the route fails fast
    expect(open.answer.status).toBe(503);
  });

  it.each([
    [404, { error: { code: 'not_found', message: 'no such order' } }],
    [500, { error: 'boom' }],
    [409, 'plain text conflict'],
  ])('an upstream %i gets the gateway error shape, as through the route', async (status, body) => {
    fp.gw.upstream.on('GET', ORDERS, { status, body });
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
    fp.gw.upstream.on('GET', ORDERS, () =>
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
    fp.gw.upstream.on('GET', ORDERS, (r) =>
      r.headers.authorization === 'Bearer access-new'
        ? { body: { orders: [] } }
        : { status: 401, headers: { 'www-authenticate': 'Bearer' }, body: { error: 'x' } },
    );
    fp.gw.upstream.on('POST', `${UAA}/auth/refresh`, {
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
    fp.gw.upstream.on('GET', ORDERS, { destroy: true });
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
    fp.gw.upstream.on('POST', `${UAA}/auth/refresh`, {
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
      fp.base,
      method,
      url,
      { ...SHOP, ...(host ? { host } : {}), ...rest },
      body,
    );
    expect(answer.status).toBe(status);
    expect(fastPathCounts).toEqual(before);
  });
});
