import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_STATUS_HEADERS } from '../../server/request/cache-status';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';

// Issue #27 item 8 (ADR 0246): what the caches did (X-Page-Cache, X-Page-Template,
// X-Subrequest-Cache, X-Page-Head) told the public that someone else had loaded a URL or
// searched a term. Only the configured proxies themselves and callers with the purge token see
// them now. Behind the trusted proxy (127.0.0.1), the public's address comes in X-Forwarded-For.
const TOKEN = 'purge-token-for-tests-0123456789';
let gw: PageGateway;

beforeAll(async () => {
  gw = await startPageGateway({
    TRUST_PROXY: '127.0.0.1',
    CACHE_PURGE_TOKEN: TOKEN,
    PAGE_CACHE_SECONDS: '60',
  });
  serveContext(gw.upstream);
  gw.upstream.on('GET', '/api/services/catalogue/api/v1/search', { body: { items: [] } });
  gw.upstream.on('GET', '/api/services/catalogue/api/v1/offerings', { body: { items: [] } });
});
afterAll(async () => {
  await gw?.app.close();
  await gw?.upstream.close();
});

const page = (url: string, headers: Record<string, string> = {}) =>
  gw.app.inject({ url, headers: { host: 'localhost:3000', ...headers } });
const statusHeaders = (response: Awaited<ReturnType<typeof page>>) =>
  CACHE_STATUS_HEADERS.filter((name) => response.headers[name] !== undefined);

describe('cache-status headers', () => {
  it('are never sent to the public, on a miss or a hit', async () => {
    const publicCaller = { 'x-forwarded-for': '198.51.100.20' };
    for (const url of ['/search/milk', '/search/milk', '/', '/']) {
      const response = await page(url, publicCaller);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(statusHeaders(response)).toEqual([]);
    }
    // A forged X-Forwarded-For naming the proxy does not make the public the proxy.
    const forged = await page('/', { 'x-forwarded-for': '127.0.0.1, 198.51.100.21' });
    expect(statusHeaders(forged)).toEqual([]);
    // Nor does a wrong token.
    const guessed = await page('/', { ...publicCaller, authorization: 'Bearer guess' });
    expect(statusHeaders(guessed)).toEqual([]);
  });

  it('are sent to the configured proxy itself and to a caller with the purge token', async () => {
    await page('/search/tea');
    const proxy = await page('/search/tea');
    expect(proxy.headers['x-page-cache']).toBe('hit');
    const withToken = await page('/search/tea', {
      'x-forwarded-for': '198.51.100.22',
      authorization: `Bearer ${TOKEN}`,
    });
    expect(withToken.headers['x-page-cache']).toBe('hit');
  });
});
