import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform';
import { startGatewayProcess, type NodeProcess } from '../support/processes';
import { startRedis, type TestRedis } from '../support/redis';

// Issue #25 item 2 (docs/decisions/0221): with REDIS_URL, `POST /internal/cache/purge` at one
// gateway empties the caches of every replica: the other one's document templates, sub-request
// cache and anonymous page cache, within a second, so it fetches from the platform again. Two
// production gateway processes (dist/server/main.js; needs `npm run build`) and redis-server.
const TOKEN = 'purge-token-of-the-replica-test';
let platform: TestPlatform;
let redis: TestRedis;
let a: NodeProcess;
let b: NodeProcess;

beforeAll(async () => {
  [platform, redis] = await Promise.all([startPlatform(), startRedis()]);
  const start = () =>
    startGatewayProcess(platform.url, {
      REDIS_URL: redis.url,
      CACHE_PURGE_TOKEN: TOKEN,
      PAGE_CACHE_SECONDS: '600',
      // Pages sent whole (the early head, ADR 0271, streams past the caches looked at here).
      EARLY_HEAD: 'off',
      // The cache-status headers are shown to a trusted proxy only (ADR 0246): the test calls as one.
      TRUST_PROXY: '127.0.0.1',
      COOKIE_SECURE: 'false',
      CONTEXT_TIMEOUT_MS: '30000',
    });
  [a, b] = [await start(), await start()];
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([platform?.close(), redis?.close()]);
});

const base = (gateway: NodeProcess) => gateway.url.replace('127.0.0.1', 'localhost');
const page = async (gateway: NodeProcess, path: string) => {
  const response = await fetch(base(gateway) + path);
  await response.text();
  expect(response.status).toBe(200);
  return {
    pageCache: response.headers.get('x-page-cache'),
    template: response.headers.get('x-page-template'),
    subrequests: response.headers.get('x-subrequest-cache') ?? '',
  };
};

describe('cache purge across replicas (REDIS_URL)', () => {
  it("empties the other replica's page cache, templates and sub-request cache", async () => {
    // B's caches are warm: the first visit renders the page (its public answers go to the
    // sub-request cache, the render to a template and to the anonymous page cache), the second
    // comes from the page cache.
    await page(b, '/search/milk');
    expect((await page(b, '/search/milk')).pageCache).toBe('hit');

    const purge = await fetch(`${base(a)}/internal/cache/purge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(purge.status).toBe(200);
    expect((await purge.json()).replicas).toBe(1);

    // Within a second B renders again, without its template, asking the platform again.
    const deadline = Date.now() + 1_000;
    let search = await page(b, '/search/milk');
    while (search.pageCache === 'hit' && Date.now() < deadline)
      search = await page(b, '/search/milk');
    expect(search.pageCache).toBe('miss');
    expect(search.template).toBe('miss');
    expect(search.subrequests).toMatch(/miss=[1-9]/);
  });

  it('keeps them when nothing was purged (the test above is not a coincidence)', async () => {
    await page(b, '/search/milk');
    expect((await page(b, '/search/milk')).pageCache).toBe('hit');
  });
});
