import { describe, expect, it } from 'vitest';
import { frontDoorCount } from '../../server/proxy/front-door';
import { rawRequest } from '../support/raw-http';
import {
  fastPathGatewayPerFile,
  SHOP,
  shape,
  viaRoute as route,
  viaSocket as socket,
  jwt,
} from '../support/proxy-fast-path';

// ADR 0210: one engine behind two doors. A plain read that comes in by the front door is finished
// by the engine whatever the upstream answers (error shape, 503 retry, 401 renewal, breaker), the
// same as through the proxy route; requests the front door does not take reach Fastify's rules.
const ORDERS = '/api/services/orders/api/v1/orders';
const UAA = '/api/services/uaa/api/v1';

const fp = fastPathGatewayPerFile();
const viaSocket = (...args: [string, string, Record<string, string>?]) => socket(fp, ...args);
const viaRoute = (...args: [string, string, Record<string, string>?]) => route(fp, ...args);

describe('the engine behind the front door', () => {
  it('the breaker counts its calls: a read it answers starts the failures over, five 500s open it', async () => {
    const LISTS = '/api/services/shopping-lists/api/v1/lists';
    let status = 200;
    fp.gw.upstream.on('GET', LISTS, () => ({ status, body: { status } }));
    const read = async (expected: number) => {
      status = expected;
      return viaSocket('GET', LISTS);
    };
    expect((await read(200)).served).toBe(1);
    for (let i = 0; i < 4; i++) expect((await read(500)).served).toBe(1);
    expect((await read(200)).served).toBe(1); // without this success, the next 500 opens it
    for (let i = 0; i < 5; i++) {
      const seen = await read(500);
      expect(seen.upstream).toHaveLength(1);
      expect(seen.answer.status).toBe(500);
    }
    const open = await read(200);
    expect(open.upstream).toHaveLength(0); // the circuit is open: the engine fails fast
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
    expect(fast.served).toBe(1);
    expect(fast.upstream).toHaveLength(1);
    expect(shape(fast)).toEqual(shape(route));
    const answer = JSON.parse(fast.answer.body) as { error: { cid: string } };
    expect(answer.error.cid).toBe(fast.answer.headers['x-correlation-id']);
    expect(fast.upstream[0]!.headers['x-correlation-id']).toBe(answer.error.cid);
  });

  it('a 503 is retried once', async () => {
    let calls = 0;
    fp.gw.upstream.on('GET', ORDERS, () =>
      ++calls === 1
        ? { status: 503, headers: { 'retry-after': '0' }, body: {} }
        : { body: { orders: [1] } },
    );
    const fast = await viaSocket('GET', ORDERS);
    expect(fast.served).toBe(1);
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
    expect(fast.served).toBe(1);
    expect(fast.answer.status).toBe(200);
    expect(fast.answer.headers['www-authenticate']).toBeUndefined();
    expect(String(fast.answer.headers['set-cookie'])).toContain('access_token=access-new');
    expect(fast.upstream.map((r) => r.headers.authorization ?? r.url)).toEqual([
      'Bearer opaque-old',
      `${UAA}/auth/refresh`,
      'Bearer access-new',
    ]);
  });

  it('a token due for renewal is renewed first, once, and the answer sets the new cookies', async () => {
    fp.gw.upstream.on('GET', ORDERS, { body: { orders: [] } });
    fp.gw.upstream.on('POST', `${UAA}/auth/refresh`, {
      body: {
        access_token: 'access-first',
        refresh_token: 'refresh-first',
        expires_in: 300,
        refresh_expires_in: 3600,
      },
    });
    const fast = await viaSocket('GET', ORDERS, {
      cookie: `access_token=${jwt(30)}; refresh_token=r-due`,
    });
    expect(fast.served).toBe(1);
    expect(fast.answer.status).toBe(200);
    expect(String(fast.answer.headers['set-cookie'])).toContain('access_token=access-first');
    expect(fast.upstream.map((r) => r.headers.authorization ?? r.url)).toEqual([
      `${UAA}/auth/refresh`,
      'Bearer access-first',
    ]);
  });

  it('an unreachable upstream is a 502 in the error shape', async () => {
    fp.gw.upstream.on('GET', ORDERS, { destroy: true });
    const fast = await viaSocket('GET', ORDERS);
    expect(fast.served).toBe(1);
    expect(fast.answer.status).toBe(502);
    expect(JSON.parse(fast.answer.body).error.cid).toBe(fast.answer.headers['x-correlation-id']);
  });
});

describe('what the front door leaves to Fastify', () => {
  it.each([
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
    const before = frontDoorCount.served;
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
    expect(frontDoorCount.served).toBe(before);
  });
});
