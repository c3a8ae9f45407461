import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubrequestCache } from '../../server/cache/subrequest-cache';
import { createPlatformClient } from '../../server/page/platform-client';
import { createPlatform, type Platform } from '../../server/upstream/platform';
import { loadConfig } from '../../server/config';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';

// The sub-request cache between the loaders and a real (fake) platform over HTTP (ADR 0153): the
// cached calls go out without the shopper's token, personal calls never hit the cache, shops are
// kept apart; the page says what the cache did; the purge endpoint is protected.
const SEARCH = '/api/services/catalogue/api/v1/search?q=milk';
const ORDERS = '/api/services/orders/api/v1/orders';
const FRESH = 'http://localhost:3000';
const HARBOUR = 'http://harbour.localhost:3000';

let upstream: FakeUpstream;
let platform: Platform;
beforeAll(async () => {
  upstream = await startFakeUpstream();
  platform = {
    ...createPlatform(loadConfig({ PLATFORM_URL: upstream.url, SUBREQUEST_CACHE_MB: '0' })),
    cache: createSubrequestCache({ maxBytes: 1 << 20 }),
  };
});
afterAll(async () => {
  await platform.upstreams.close();
  await upstream.close();
});

function serve() {
  upstream.reset();
  platform.cache!.purge();
  upstream.on('GET', '/api/services/catalogue/api/v1/search', (request) => ({
    body: { shop: request.headers['x-domain-origin'], sawToken: !!request.headers.authorization },
  }));
  upstream.on('GET', ORDERS, (request) => ({ body: { for: request.headers.authorization } }));
}

const client = (shopOrigin: string, token: string | null) =>
  createPlatformClient(platform, {
    cid: 'c'.repeat(32),
    shopOrigin,
    accessToken: () => token,
    timeoutMs: 5_000,
  });

describe('sub-request cache in front of the platform', () => {
  it('fetches public data without the token, once, and serves it to the next shopper', async () => {
    serve();
    const first = await client(FRESH, 'token-of-alice').call({ path: SEARCH });
    const second = await client(FRESH, 'token-of-bob').call({ path: SEARCH });
    expect(first.body).toEqual({ shop: FRESH, sawToken: false });
    expect(second.body).toEqual(first.body);
    const calls = upstream.received('/api/services/catalogue');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.authorization).toBeUndefined();
  });

  it("never serves one shop's data to another", async () => {
    serve();
    const fresh = await client(FRESH, null).call({ path: SEARCH });
    const harbour = await client(HARBOUR, null).call({ path: SEARCH });
    expect(fresh.body).toEqual({ shop: FRESH, sawToken: false });
    expect(harbour.body).toEqual({ shop: HARBOUR, sawToken: false });
    expect(upstream.received('/api/services/catalogue')).toHaveLength(2);
  });

  it('never caches a personal call: each goes out with its own token', async () => {
    serve();
    const alice = await client(FRESH, 'token-of-alice').call({ path: ORDERS });
    const bob = await client(FRESH, 'token-of-bob').call({ path: ORDERS });
    expect(alice.body).toEqual({ for: 'Bearer token-of-alice' });
    expect(bob.body).toEqual({ for: 'Bearer token-of-bob' });
    expect(upstream.received(ORDERS)).toHaveLength(2);
    platform.cache!.purge();
    await client(FRESH, 'token-of-alice').call({ path: ORDERS });
    expect(platform.cache!.size).toBe(0);
  });
});

describe('through the gateway', () => {
  let gw: PageGateway;
  const host = 'localhost:3000';
  const token = 'purge-token-0123456789';
  beforeAll(async () => {
    // Cache-status headers are for the configured proxies (ADR 0246): the tests call as one.
    gw = await startPageGateway({ CACHE_PURGE_TOKEN: token, TRUST_PROXY: '127.0.0.1' });
    serveContext(gw.upstream);
    gw.upstream.on('GET', '/api/services/catalogue/api/v1/search', { body: { items: [] } });
    gw.upstream.on('GET', '/api/services/catalogue/api/v1/offerings', { body: { items: [] } });
  });
  afterAll(async () => {
    await gw.app.close();
    await gw.upstream.close();
  });

  it('says on a page what the cache did, and a proxied call with a token never uses it', async () => {
    const searches = () => gw.upstream.received('/api/services/catalogue/api/v1/search');
    const first = await gw.app.inject({ url: '/search/milk', headers: { host } });
    const loaded = searches().length;
    const second = await gw.app.inject({ url: '/search/milk', headers: { host } });
    expect(first.headers['x-subrequest-cache']).toMatch(/hit=0 stale=0 miss=[1-9]/);
    expect(second.headers['x-subrequest-cache']).toMatch(/hit=[1-9]/);
    expect(loaded).toBeGreaterThan(0);
    expect(searches().length).toBe(loaded);
    const before = searches().length;
    for (let i = 0; i < 2; i += 1) {
      const proxied = await gw.app.inject({
        url: '/api/services/catalogue/api/v1/search?q=milk&page=1&pageSize=24&sort=relevance',
        headers: { host, authorization: 'Bearer x', cookie: 'access_token=abc; refresh_token=def' },
      });
      expect(proxied.headers['x-subrequest-cache']).toBeUndefined();
    }
    expect(searches().length).toBe(before + 2);
  });

  it('purges with the token only', async () => {
    const url = '/internal/cache/purge';
    const refused = await gw.app.inject({ method: 'POST', url, headers: { host } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('unauthorized');
    const wrong = await gw.app.inject({
      method: 'POST',
      url,
      headers: { host, authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    const purged = await gw.app.inject({
      method: 'POST',
      url,
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(purged.statusCode).toBe(200);
    expect(purged.json().purged).toBeGreaterThan(0);
    const after = await gw.app.inject({ url: '/search/milk', headers: { host } });
    expect(after.headers['x-subrequest-cache']).toMatch(/hit=0 stale=0 miss=[1-9]/);
  });

  it('has no purge endpoint without a configured token', async () => {
    const plain = await startPageGateway();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/internal/cache/purge',
        headers: { host },
      });
      expect(response.statusCode).not.toBe(200);
    } finally {
      await plain.app.close();
      await plain.upstream.close();
    }
  });
});
