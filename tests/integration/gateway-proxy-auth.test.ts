import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';

// Issue #2 point 8, credentials: the Bearer token comes from the cookie, is renewed first when it is
// about to expire, and once more when the upstream refuses an idempotent call with 401.
const SHOP = { host: 'shop.localhost' };
const WRITE = { ...SHOP, 'x-csrf': '1', origin: 'http://shop.localhost' };

let gw: EndpointGateway;
beforeAll(async () => {
  gw = await startEndpointGateway();
});
afterAll(() => gw.close());
beforeEach(() => {
  gw.upstream.reset();
  gw.upstream.on('*', /.*/, { body: { ok: true } });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  gw.app.inject({ method: 'GET', url, headers: { ...SHOP, ...headers } });

describe('Bearer from the cookie, renewed when due', () => {
  const UAA = '/api/services/uaa/api/v1';
  const pair = (n: string) => ({
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
    expires_in: 300,
    refresh_expires_in: 3600,
  });

  it('refreshes first when the access token expires within 60 s', async () => {
    gw.upstream.on('POST', `${UAA}/auth/refresh`, { body: pair('soon') });
    const res = await get('/api/services/orders/api/v1/orders', {
      cookie: `access_token=${jwt(30)}; refresh_token=r-soon`,
    });

    expect(res.statusCode).toBe(200);
    expect(gw.upstream.received(`${UAA}/auth/refresh`)).toHaveLength(1);
    expect(gw.upstream.received('/api/services/orders')[0]!.headers.authorization).toBe(
      'Bearer access-soon',
    );
    expect(res.headers['set-cookie']).toContain(
      'access_token=access-soon; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Lax',
    );
  });

  it('does not refresh a token that is valid for longer', async () => {
    const token = jwt(600);
    await get('/api/services/orders/api/v1/orders', {
      cookie: `access_token=${token}; refresh_token=r`,
    });
    expect(gw.upstream.received(`${UAA}/auth/refresh`)).toHaveLength(0);
    expect(gw.upstream.requests[0]!.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('on a 401 to a GET: refreshes once, retries once, sets the new cookies', async () => {
    gw.upstream.on('GET', '/api/services/orders/api/v1/orders', (r) =>
      r.headers.authorization === 'Bearer access-401'
        ? { body: { orders: [] } }
        : { status: 401, headers: { 'www-authenticate': 'Bearer' }, body: { error: 'x' } },
    );
    gw.upstream.on('POST', `${UAA}/auth/refresh`, { body: pair('401') });

    const res = await get('/api/services/orders/api/v1/orders', {
      cookie: 'access_token=opaque-old; refresh_token=r-401',
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ orders: [] });
    expect(res.headers['www-authenticate']).toBeUndefined();
    expect(res.headers['set-cookie']).toContain(
      'refresh_token=refresh-401; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Lax',
    );
    expect(
      gw.upstream.received('/api/services/orders').map((r) => r.headers.authorization),
    ).toEqual(['Bearer opaque-old', 'Bearer access-401']);
    expect(gw.upstream.received(`${UAA}/auth/refresh`)).toHaveLength(1);
  });

  it('on a 401 to a POST: no refresh, no retry, the 401 goes to the browser', async () => {
    gw.upstream.on('POST', '/api/services/orders/api/v1/orders', {
      status: 401,
      body: { error: 'expired' },
    });
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/services/orders/api/v1/orders',
      headers: { ...WRITE, cookie: 'access_token=o; refresh_token=r' },
      payload: { a: 1 },
    });
    expect(res.statusCode).toBe(401);
    expect(gw.upstream.requests).toHaveLength(1);
  });

  it('on a 401 whose refresh is refused: the 401 goes through and the cookies are cleared', async () => {
    gw.upstream.on('GET', '/api/services/orders/api/v1/orders', {
      status: 401,
      body: { error: 'expired' },
    });
    gw.upstream.on('POST', `${UAA}/auth/refresh`, {
      status: 400,
      body: { error: 'invalid_grant' },
    });
    const res = await get('/api/services/orders/api/v1/orders', {
      cookie: 'access_token=o; refresh_token=r-spent',
    });
    expect(res.statusCode).toBe(401);
    // In the gateway's error shape (docs/decisions/0127).
    expect(res.json()).toEqual({
      error: { code: 'expired', message: 'expired', cid: res.headers['x-correlation-id'] },
    });
    expect(res.headers['set-cookie']).toEqual([
      'access_token=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
      'refresh_token=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
      'session_proof=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
    ]);
    expect(gw.upstream.received('/api/services/orders')).toHaveLength(1);
  });
});

/** An unsigned JWT-shaped token expiring in `seconds` (the gateway only decodes exp). */
function jwt(seconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'ES256' })}.${part({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + seconds })}.c2ln`;
}
