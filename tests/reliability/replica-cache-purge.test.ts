import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform';
import { startGatewayProcess, type NodeProcess } from '../support/processes';
import { startRedis, type TestRedis } from '../support/redis';

// Issue #25 item 2 (docs/decisions/0221): with REDIS_URL, `POST /internal/cache/purge` at one
// gateway empties the caches of every replica: the other one's anonymous page cache, document
// templates and sub-request cache, within a second, so it fetches from the platform again. Two
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
const page = async (gateway: NodeProcess, path: string, cookie = '') => {
  const response = await fetch(base(gateway) + path, { headers: cookie ? { cookie } : {} });
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
    // A guest with token cookies: no page cache for them, a document template instead.
    const guest = await fetch(`${base(a)}/auth/guest`, {
      method: 'POST',
      headers: { origin: base(a), 'x-csrf': '1' },
    });
    expect(guest.status).toBe(200);
    const cookie = guest.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');

    // B's caches are warm: the anonymous home page from its page cache, the guest's search page
    // from a template whose public answers are all in the sub-request cache.
    await page(b, '/');
    expect((await page(b, '/')).pageCache).toBe('hit');
    await page(b, '/search/milk', cookie);
    const warm = await page(b, '/search/milk', cookie);
    expect(warm.template).toBe('hit');

    const purge = await fetch(`${base(a)}/internal/cache/purge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(purge.status).toBe(200);
    const answer = await purge.json();
    expect(answer.replicas).toBe(1);

    // Within a second, B renders again and asks the platform again.
    const deadline = Date.now() + 1_000;
    let home = await page(b, '/');
    while (home.pageCache === 'hit' && Date.now() < deadline) home = await page(b, '/');
    expect(home.pageCache).toBe('miss');
    const search = await page(b, '/search/milk', cookie);
    expect(search.template).toBe('miss');
    expect(search.subrequests).toMatch(/miss=[1-9]/);
  });

  it('keeps them when nothing was purged (the test above is not a coincidence)', async () => {
    await page(b, '/');
    expect((await page(b, '/')).pageCache).toBe('hit');
  });
});
