import { describe, expect, it } from 'vitest';
import { endpointGatewayPerFile } from '../support/endpoint-gateway';

// The CSRF rule of the brief: every non-GET/HEAD/OPTIONS request to /api/services/* and /auth/*
// carries X-CSRF: 1 and, when present, an Origin equal to the shop's; otherwise 403 JSON and the
// upstream sees nothing.
const SHOP_HOST = 'shop.localhost';
const UNSAFE = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const TARGETS = [
  '/api/services/booking-ms/api/v1/bookings/cart/tenant/t1/item',
  '/auth/sign-out',
  '/auth/guest',
  '/auth/sign-in',
];

const gw = endpointGatewayPerFile();

type Method = (typeof UNSAFE)[number] | 'GET' | 'HEAD' | 'OPTIONS';
const send = (method: Method, url: string, headers: Record<string, string>, payload?: string) =>
  gw.app.inject({
    method,
    url,
    headers: { host: SHOP_HOST, cookie: 'access_token=a; refresh_token=r', ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

function expectRefused(res: Awaited<ReturnType<typeof send>>) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({
    error: { code: 'csrf', message: expect.any(String), cid: res.headers['x-correlation-id'] },
  });
  expect(res.headers['set-cookie']).toBeUndefined();
  expect(gw.upstream.requests).toHaveLength(0);
}

describe('refused', () => {
  for (const method of UNSAFE) {
    for (const url of TARGETS) {
      it(`${method} ${url} without X-CSRF (body-less)`, async () => {
        expectRefused(await send(method, url, { origin: `http://${SHOP_HOST}` }));
      });
      it(`${method} ${url} with a JSON body and no X-CSRF`, async () => {
        expectRefused(await send(method, url, { 'content-type': 'application/json' }, '{"a":1}'));
      });
      it(`${method} ${url} from another origin`, async () => {
        expectRefused(await send(method, url, { 'x-csrf': '1', origin: 'https://evil.example' }));
      });
    }
  }

  it.each([
    ['X-CSRF: 0', { 'x-csrf': '0' }],
    ['X-CSRF: true', { 'x-csrf': 'true' }],
    ['Origin: null', { 'x-csrf': '1', origin: 'null' }],
    ['Origin of another port', { 'x-csrf': '1', origin: `http://${SHOP_HOST}:8080` }],
    ['Origin over https for an http shop', { 'x-csrf': '1', origin: `https://${SHOP_HOST}` }],
    ['a form post', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('POST with %s', async (_name, headers) => {
    expectRefused(await send('POST', '/api/services/orders/api/v1/orders', headers, 'a=1'));
  });

  it('an unknown service or a bad path is refused by CSRF first, before anything else', async () => {
    expectRefused(await send('POST', '/api/services/nope/x', {}));
    expectRefused(await send('POST', '/api/services/orders/../x', {}));
  });
});

describe('allowed', () => {
  it.each(UNSAFE)('%s with X-CSRF: 1 and the shop origin reaches the upstream', async (method) => {
    const res = await send(method, '/api/services/orders/api/v1/orders/1', {
      'x-csrf': '1',
      origin: `http://${SHOP_HOST}`,
    });
    expect(res.statusCode).toBe(200);
    expect(gw.upstream.received('/api/services/orders/api/v1/orders/1')).toHaveLength(1);
  });

  it('POST with X-CSRF: 1 and no Origin (older browsers, same-origin navigations)', async () => {
    const res = await send('POST', '/api/services/orders/api/v1/orders', { 'x-csrf': '1' });
    expect(res.statusCode).toBe(200);
  });

  it.each(['GET', 'HEAD', 'OPTIONS'] as const)('%s needs no X-CSRF', async (method) => {
    const res = await send(method, '/api/services/catalogue/api/v1/products', {
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(200);
    expect(gw.upstream.received('/api/services/catalogue/api/v1/products')).toHaveLength(1);
  });

  it('does not apply to pages and health checks', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { host: SHOP_HOST },
    });
    expect(res.statusCode).toBe(200);
  });
});
