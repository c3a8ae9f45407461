import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { endpointGatewayPerFile, SHOP } from '../support/endpoint-gateway';

// Issue #2 point 8: the headers the gateway forwards to the platform and sends back from it.
const gw = endpointGatewayPerFile();

const get = (url: string, headers: Record<string, string> = {}) =>
  gw.app.inject({ method: 'GET', url, headers: { ...SHOP, ...headers } });

describe('request headers', () => {
  it('forwards an allow-list; the gateway headers win even against Connection: x-correlation-id, cookie', async () => {
    const res = await request(gw.app.server)
      .post('/api/services/booking-ms/api/v1/bookings/cart/tenant/t1/item')
      .set('Host', 'shop.localhost')
      .set('X-CSRF', '1')
      .set('Connection', 'x-correlation-id, cookie, x-domain-origin, x-client-name, authorization')
      .set('Cookie', 'access_token=tok-a; refresh_token=tok-r; other=1')
      .set('Authorization', 'Bearer from-the-browser')
      .set('Proxy-Authorization', 'Basic eA==')
      .set('X-Correlation-ID', 'not a cid')
      .set('X-Domain-Origin', 'https://evil.example')
      .set('X-Client-Name', 'evil')
      .set('X-Forwarded-For', '6.6.6.6')
      .set('X-Forwarded-Host', 'evil.example')
      .set('X-Middleware-Subrequest', '1')
      .set('TE', 'trailers')
      .set('Accept-Language', 'de-DE')
      .set('Content-Type', 'application/json')
      .send({ offeringId: 'o1', quantity: 2 });

    expect(res.status).toBe(200);
    const seen = gw.upstream.requests[0]!;
    expect(JSON.parse(seen.body)).toEqual({ offeringId: 'o1', quantity: 2 });
    expect(seen.headers).toMatchObject({
      authorization: 'Bearer tok-a',
      'x-domain-origin': 'http://shop.localhost',
      'x-client-name': 'cms-website',
      'x-correlation-id': res.headers['x-correlation-id'],
      'accept-language': 'de-DE',
      'content-type': 'application/json',
    });
    expect(seen.headers['x-correlation-id']).toMatch(/^[A-Za-z0-9]{32}$/);
    for (const name of [
      'cookie',
      'proxy-authorization',
      'x-forwarded-for',
      'x-forwarded-host',
      'x-middleware-subrequest',
      'te',
      'x-csrf',
    ]) {
      expect(seen.headers[name], name).toBeUndefined();
    }
    expect(JSON.stringify(seen.headers)).not.toContain('tok-r');
  });

  it('a read answered directly keeps the gateway headers (security, CID); HEAD too', async () => {
    // Reads take the fast path (server/proxy/stream-exchange.ts): the answer is written by the proxy.
    const res = await get('/api/services/catalogue/api/v1/x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-correlation-id']).toMatch(/^[A-Za-z0-9]{32}$/);
    const head = await gw.app.inject({
      method: 'HEAD',
      url: '/api/services/catalogue/api/v1/x',
      headers: SHOP,
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['x-content-type-options']).toBe('nosniff');
    expect(gw.upstream.requests.map((r) => r.method)).toEqual(['GET', 'HEAD']);
  });

  it('keeps a well-formed X-Correlation-ID of the page and replaces a malformed one', async () => {
    const cid = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    const kept = await get('/api/services/catalogue/x', { 'x-correlation-id': cid });
    expect(kept.headers['x-correlation-id']).toBe(cid);
    expect(gw.upstream.requests[0]!.headers['x-correlation-id']).toBe(cid);

    const replaced = await get('/api/services/catalogue/x', { 'x-correlation-id': `${cid}+` });
    expect(replaced.headers['x-correlation-id']).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(replaced.headers['x-correlation-id']).not.toContain(cid);
    expect(gw.upstream.requests[1]!.headers['x-correlation-id']).toBe(
      replaced.headers['x-correlation-id'],
    );
  });

  it('sends no Authorization for a visitor without an access token', async () => {
    await get('/api/services/catalogue/x', { authorization: 'Bearer forged' });
    expect(gw.upstream.requests[0]!.headers.authorization).toBeUndefined();
  });
});

describe('response headers', () => {
  beforeEach(() => {
    gw.upstream.on('GET', '/api/services/catalogue/items', {
      headers: {
        'set-cookie': ['session=upstream; Path=/', 'access_token=evil; Path=/'],
        'cache-control': 'public, max-age=60',
        'access-control-allow-origin': 'https://evil.example',
        'access-control-allow-credentials': 'true',
        'x-correlation-id': 'upstreamupstreamupstreamupstream',
        connection: 'x-internal',
        'x-internal': 'secret',
        etag: '"v1"',
      },
      body: { items: [] },
    });
  });

  it('drops Set-Cookie, CORS and hop-by-hop headers; keeps the rest', async () => {
    const res = await get('/api/services/catalogue/items');
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['x-internal']).toBeUndefined();
    expect(res.headers['x-correlation-id']).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(res.headers['x-correlation-id']).not.toBe('upstreamupstreamupstreamupstream');
    expect(res.headers.etag).toBe('"v1"');
    // Anonymous: the upstream's own caching stands.
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('marks an authenticated answer Cache-Control: private, no-store', async () => {
    const res = await get('/api/services/catalogue/items', {
      cookie: 'access_token=a; refresh_token=r',
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
