import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';

// The anonymous page cache through the gateway and the real build (PAGE_CACHE_SECONDS,
// docs/decisions/0154): a visitor without token cookies gets a kept document with a nonce and a
// CID of its own; shops are kept apart; a signed-in visitor and a failed page never use it.
let gw: PageGateway;
const fresh = { host: 'localhost:3000' };
const harbour = { host: 'harbour.localhost:3000' };
const contextCalls = () => gw.upstream.received('/cms-api/context').length;
const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

beforeAll(async () => {
  // Cache-status headers are for the configured proxies (ADR 0246): the tests call as one.
  gw = await startPageGateway({ PAGE_CACHE_SECONDS: '60', TRUST_PROXY: '127.0.0.1' });
  serveContext(gw.upstream);
  gw.upstream.on('GET', '/api/services/catalogue/api/v1/search', { body: { items: [] } });
  gw.upstream.on('GET', '/api/services/catalogue/api/v1/offerings', { body: { items: [] } });
});
afterAll(async () => {
  await gw?.app.close();
  await gw?.upstream.close();
});

describe('anonymous page cache', () => {
  it('answers a visitor from the cache with a nonce and a CID of its own', async () => {
    const first = await gw.app.inject({ url: '/', headers: fresh });
    const calls = contextCalls();
    const second = await gw.app.inject({ url: '/', headers: fresh });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(contextCalls()).toBe(calls);

    const partsOf = (r: typeof first) => ({
      cid: String(r.headers['x-correlation-id']),
      nonce: nonceOf(r.headers['content-security-policy'])!,
      html: r.body,
    });
    const a = partsOf(first);
    const b = partsOf(second);
    expect(a.cid).not.toBe(b.cid);
    expect(a.nonce).not.toBe(b.nonce);
    expect(b.html).toContain(b.cid);
    expect(b.html).toContain(`nonce="${b.nonce}"`);
    expect(b.html).not.toContain(a.cid);
    expect(b.html).not.toContain(a.nonce);
    // Every script of the copy carries its response's nonce, or the browser would refuse it.
    const nonces = [...b.html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([b.nonce]));
    // Apart from them, the same document.
    expect(b.html.split(b.cid).join('').split(b.nonce).join('')).toBe(
      a.html.split(a.cid).join('').split(a.nonce).join(''),
    );
    expect(second.headers['cache-control']).toBe('private, no-store');
  });

  it("never answers one shop's visitor with another shop's page", async () => {
    await gw.app.inject({ url: '/?tenant-test', headers: fresh });
    const other = await gw.app.inject({ url: '/?tenant-test', headers: harbour });
    expect(other.headers['x-page-cache']).toBe('miss');
    expect(other.body).toContain('harbour.localhost');
    const again = await gw.app.inject({ url: '/?tenant-test', headers: harbour });
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.body).toContain('harbour.localhost');
    const ownShop = await gw.app.inject({ url: '/?tenant-test', headers: fresh });
    expect(ownShop.headers['x-page-cache']).toBe('hit');
    expect(ownShop.body).not.toContain('harbour.localhost');
  });

  it('keeps the query apart', async () => {
    await gw.app.inject({ url: '/?page=2', headers: fresh });
    const other = await gw.app.inject({ url: '/?page=3', headers: fresh });
    expect(other.headers['x-page-cache']).toBe('miss');
  });

  it('never uses the cache for a visitor with token cookies', async () => {
    const cookie = 'access_token=a.b.c; refresh_token=r';
    await gw.app.inject({ url: '/', headers: fresh });
    const calls = contextCalls();
    for (let i = 0; i < 2; i += 1) {
      const page = await gw.app.inject({ url: '/', headers: { ...fresh, cookie } });
      expect(page.headers['x-page-cache']).toBeUndefined();
    }
    // Each page asked the context: at once with the cookies' guess (signed in), and again once uaa
    // (not scripted here) failed to answer, signed out (ADR 0270).
    expect(contextCalls()).toBe(calls + 4);
  });

  it('never keeps a page that did not answer 200', async () => {
    const missing = () => gw.app.inject({ url: '/no-such-page-here', headers: fresh });
    const first = await missing();
    const second = await missing();
    expect(first.statusCode).toBe(404);
    expect(second.statusCode).toBe(404);
    expect(second.headers['x-page-cache']).not.toBe('hit');
  });

  it('is off by default', async () => {
    const plain = await startPageGateway();
    try {
      serveContext(plain.upstream);
      plain.upstream.on('GET', '/api/services/catalogue/api/v1/search', { body: { items: [] } });
      plain.upstream.on('GET', '/api/services/catalogue/api/v1/offerings', { body: { items: [] } });
      await plain.app.inject({ url: '/', headers: fresh });
      const second = await plain.app.inject({ url: '/', headers: fresh });
      expect(second.statusCode).toBe(200);
      expect(second.headers['x-page-cache']).toBeUndefined();
      expect(plain.upstream.received('/cms-api/context')).toHaveLength(2);
    } finally {
      await plain.app.close();
      await plain.upstream.close();
    }
  });
});
