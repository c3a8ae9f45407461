import { describe, expect, it } from 'vitest';
import { endpointGatewayPerFile, SHOP } from '../support/endpoint-gateway';

// Public catalogue JSON through the proxy (issue #11 item 4, docs/decisions/0155): asked for
// without the visitor's token and publicly cacheable even with a session; anything personal keeps
// the token and `private, no-store`.
const SESSION = { ...SHOP, cookie: 'access_token=a.b.c; refresh_token=r' };
const SEARCH = '/api/services/catalogue/api/v1/search?q=milk';

const gw = endpointGatewayPerFile();

const get = (url: string, headers: Record<string, string>) =>
  gw.app.inject({ method: 'GET', url, headers });

describe('public catalogue answers through the proxy', () => {
  it('sends a search without the token and keeps it publicly cacheable with a session', async () => {
    const res = await get(SEARCH, SESSION);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
    const [call] = gw.upstream.received('/api/services/catalogue');
    expect(call!.headers.authorization).toBeUndefined();
    expect(call!.headers.cookie).toBeUndefined();
  });

  it("keeps the upstream's own policy of a public answer", async () => {
    gw.upstream.on('GET', '/api/services/catalogue/api/v1/brands', {
      headers: { 'cache-control': 'public, max-age=600' },
      body: { items: [] },
    });
    const res = await get('/api/services/catalogue/api/v1/brands', SESSION);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
  });

  it('keeps the token and private, no-store on personal and cart data', async () => {
    for (const path of [
      '/api/services/catalogue/api/v1/offerings?ids=1',
      '/api/services/orders/api/v1/orders',
      '/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh',
    ]) {
      gw.upstream.reset();
      gw.upstream.on('*', /.*/, { body: { ok: true } });
      const res = await get(path, SESSION);
      expect(res.headers['cache-control'], path).toBe('private, no-store');
      expect(gw.upstream.requests[0]!.headers.authorization, path).toBe('Bearer a.b.c');
    }
  });

  it('never makes an error answer publicly cacheable', async () => {
    gw.upstream.on('GET', '/api/services/catalogue/api/v1/search', {
      status: 503,
      body: { error: { code: 'down', message: 'down' } },
    });
    const res = await get(SEARCH, SESSION);
    expect(res.statusCode).toBe(503);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
