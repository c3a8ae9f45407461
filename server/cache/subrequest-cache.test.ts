import { describe, expect, it } from 'vitest';
import { cachePreset, createSubrequestCache, type CachedAnswer } from './subrequest-cache';

// The sub-request cache (ADR 0153): what may be cached, one load per key, stale while one refresh
// runs, shops kept apart, failures not kept, purge.
const SEARCH = '/api/services/catalogue/api/v1/search?q=milk&page=1';
const A = 'http://localhost:3000';
const B = 'http://harbour.localhost:3000';

function deferred() {
  let resolve!: (answer: CachedAnswer) => void;
  const promise = new Promise<CachedAnswer>((r) => (resolve = r));
  return { promise, resolve };
}

describe('cachePreset', () => {
  it('caches public catalogue and CMS content only', () => {
    for (const path of [
      SEARCH,
      '/api/services/catalogue/api/v1/suggest?q=mi',
      '/api/services/catalogue/api/v1/products/by-slug?slug=x',
      '/api/services/catalogue/api/v1/products/p1/related?limit=8',
      '/api/services/catalogue/api/v1/brands',
      '/api/services/catalogue/api/v1/categories/dairy',
      '/cms-api/home',
      '/cms-api/pages/about',
      '/cms-api/policies/terms',
    ])
      expect(cachePreset(path), path).not.toBeNull();
    for (const path of [
      '/cms-api/context?cid=x',
      '/api/services/catalogue/api/v1/offerings?ids=a',
      '/api/services/orders/api/v1/orders',
      '/api/services/booking-ms/api/v1/bookings/current',
      '/api/services/uaa/api/v1/account',
      '/api/services/shopping-lists/api/v1/lists',
      '/api/services/profile/api/v1/addresses',
      '/api/services/catalogue/api/v1/brands/../../../orders',
    ])
      expect(cachePreset(path), path).toBeNull();
  });
});

describe('createSubrequestCache', () => {
  it('runs one load per key while it is in flight, then answers from memory', async () => {
    const cache = createSubrequestCache({ maxBytes: 1 << 20 });
    const load = deferred();
    let loads = 0;
    const get = () =>
      cache.get(A, SEARCH, () => {
        loads += 1;
        return load.promise;
      });
    const first = [get(), get(), get()];
    load.resolve({ status: 200, text: '{"items":[]}' });
    const answers = await Promise.all(first);
    expect(loads).toBe(1);
    expect(answers.map((a) => a.answer.text)).toEqual(Array(3).fill('{"items":[]}'));
    expect((await get()).status).toBe('hit');
    expect(loads).toBe(1);
  });

  it('keeps shops apart: the same path of another origin is loaded and answered on its own', async () => {
    const cache = createSubrequestCache({ maxBytes: 1 << 20 });
    await cache.get(A, SEARCH, async () => ({ status: 200, text: 'fresh market' }));
    const other = await cache.get(B, SEARCH, async () => ({ status: 200, text: 'harbour' }));
    expect(other).toMatchObject({ answer: { status: 200, text: 'harbour' }, status: 'miss' });
    const again = await cache.get(A, SEARCH, async () => ({ status: 200, text: 'never' }));
    expect(again).toMatchObject({ answer: { status: 200, text: 'fresh market' }, status: 'hit' });
  });

  it('serves the stale answer while one refresh runs, then the new one', async () => {
    const cache = createSubrequestCache({
      maxBytes: 1 << 20,
      durations: { ttl: 1, stale: 60_000 },
    });
    await cache.get(A, SEARCH, async () => ({ status: 200, text: 'old' }));
    await new Promise((resolve) => setTimeout(resolve, 20)); // now older than its ttl
    const refresh = deferred();
    let refreshes = 0;
    const load = () => {
      refreshes += 1;
      return refresh.promise;
    };
    const during = [await cache.get(A, SEARCH, load), await cache.get(A, SEARCH, load)];
    expect(during.map((d) => [d.status, d.answer.text])).toEqual([
      ['stale', 'old'],
      ['stale', 'old'],
    ]);
    expect(refreshes).toBe(1);
    refresh.resolve({ status: 200, text: 'new' });
    await refresh.promise;
    await new Promise((resolve) => setImmediate(resolve));
    const after = await cache.get(A, SEARCH, async () => ({ status: 200, text: 'unused' }));
    expect(after.answer.text).toBe('new');
    expect(refreshes).toBe(1);
  });

  it('keeps an answer current after a refresh that brought the same text, not one that changed', async () => {
    // The answers' ages on a clock of the test's own (a loaded machine could pass a real 5 ms
    // ttl between a refresh and the check after it).
    let clock = 1_000_000; // not 0: the LRU reads a start at 0 as none
    const cache = createSubrequestCache({
      maxBytes: 1 << 20,
      durations: { ttl: 5, stale: 60_000 },
      now: () => clock,
    });
    const first = await cache.get(A, SEARCH, async () => ({ status: 200, text: 'milk' }));
    expect(cache.freshness(A, SEARCH, first.version!)).toBe('fresh');
    clock += 20; // past its ttl: served stale
    expect(cache.freshness(A, SEARCH, first.version!)).toBe('stale');
    // The refresh this stale read starts brings the same text: fresh again, the same version.
    await cache.get(A, SEARCH, async () => ({ status: 200, text: 'milk' }));
    await new Promise((resolve) => setImmediate(resolve));
    const same = await cache.get(A, SEARCH, async () => ({ status: 200, text: 'unused' }));
    expect(same.version).toBe(first.version);
    expect(cache.freshness(A, SEARCH, first.version!)).toBe('fresh');

    clock += 20;
    await cache.get(A, SEARCH, async () => ({ status: 200, text: 'milk, oat milk' }));
    await new Promise((resolve) => setImmediate(resolve));
    const changed = await cache.get(A, SEARCH, async () => ({ status: 200, text: 'unused' }));
    expect(changed.answer.text).toBe('milk, oat milk');
    expect(changed.version).not.toBe(first.version);
    expect(cache.freshness(A, SEARCH, first.version!)).toBeNull();
    expect(cache.freshness(A, SEARCH, changed.version!)).toBe('fresh');
  });

  it('tells an answer too old to be served from a stale one', async () => {
    // The answer's age on a clock of the test's own (no window a loaded machine could miss).
    let clock = 1_000_000; // not 0: the LRU reads a start at 0 as none
    const cache = createSubrequestCache({
      maxBytes: 1 << 20,
      durations: { ttl: 1_000, stale: 2_000 },
      now: () => clock,
    });
    const first = await cache.get(A, SEARCH, async () => ({ status: 200, text: 'milk' }));
    clock += 1_000;
    expect(cache.freshness(A, SEARCH, first.version!)).toBe('fresh');
    clock += 1;
    expect(cache.freshness(A, SEARCH, first.version!)).toBe('stale');
    clock += 1_999; // 3,000 ms old: ttl + stale
    expect(cache.freshness(A, SEARCH, first.version!)).toBe('stale');
    clock += 1; // past ttl + stale: a read waits for the platform
    expect(cache.freshness(A, SEARCH, first.version!)).toBeNull();
    expect(cache.freshness(A, '/api/services/orders/api/v1/orders', first.version!)).toBeNull();
  });

  it('does not keep a failed answer, and hands it to every caller that waited on its fill', async () => {
    const cache = createSubrequestCache({ maxBytes: 1 << 20 });
    const load = deferred();
    let loads = 0;
    const waiting = [1, 2].map(() =>
      cache.get(A, SEARCH, () => {
        loads += 1;
        return load.promise;
      }),
    );
    load.resolve({ status: 404, text: '' });
    for (const missing of await Promise.all(waiting))
      expect(missing).toEqual({ answer: { status: 404, text: '' }, status: 'miss' });
    expect(loads).toBe(1);
    const next = await cache.get(A, SEARCH, async () => ({ status: 200, text: 'found' }));
    expect(next.answer).toEqual({ status: 200, text: 'found' });
  });

  it("keeps the stale answer when a refresh is answered 503, drops it on a refresh's 404", async () => {
    let clock = 1_000_000; // not 0: the LRU reads a start at 0 as none
    const cache = createSubrequestCache({
      maxBytes: 1 << 20,
      durations: { ttl: 1_000, stale: 60_000 },
      now: () => clock,
    });
    const unused = async (): Promise<CachedAnswer> => ({ status: 200, text: 'unused' });
    await cache.get(A, SEARCH, async () => ({ status: 200, text: 'old' }));
    clock += 2_000;
    await cache.get(A, SEARCH, async () => ({ status: 503, text: 'down' }));
    await new Promise((resolve) => setImmediate(resolve)); // the refresh was answered
    // Before, the 503 took the stale answer's place and was served to the next read as a hit.
    expect(await cache.get(A, SEARCH, unused)).toMatchObject({
      answer: { status: 200, text: 'old' },
      status: 'stale',
    });
    await new Promise((resolve) => setImmediate(resolve)); // that read's refresh: 'unused'
    clock += 2_000;
    await cache.get(A, SEARCH, async () => ({ status: 404, text: '' }));
    await new Promise((resolve) => setImmediate(resolve));
    const next = await cache.get(A, SEARCH, async () => ({ status: 404, text: 'gone' }));
    expect(next).toEqual({ answer: { status: 404, text: 'gone' }, status: 'miss' });
  });

  it('loads a failed read once: its error reaches every caller that waited on it, nothing kept', async () => {
    // Before, a fill that failed with no stale answer was loaded once more by each caller, with
    // a fresh deadline (a timed-out read waited it out twice) and its error lost.
    const cache = createSubrequestCache({ maxBytes: 1 << 20 });
    let loads = 0;
    let fail!: (error: Error) => void;
    const load = () => {
      loads += 1;
      if (loads > 1) return Promise.reject(new Error(`load ${loads}`));
      return new Promise<CachedAnswer>((_resolve, reject) => (fail = reject));
    };
    const waiting = [cache.get(A, SEARCH, load), cache.get(A, SEARCH, load)];
    const timeout = new Error('timeout');
    fail(timeout);
    const outcomes = await Promise.allSettled(waiting);
    const reasons = outcomes.map((outcome) => outcome.status === 'rejected' && outcome.reason);
    expect(reasons[0]).toBe(timeout);
    expect(reasons[1]).toBe(timeout);
    expect(loads).toBe(1);
    expect(cache.size).toBe(0);
    const next = await cache.get(A, SEARCH, async () => ({ status: 200, text: 'found' }));
    expect(next).toMatchObject({ answer: { status: 200, text: 'found' }, status: 'miss' });
  });

  it('serves the stale answer when its refresh fails, and keeps it', async () => {
    let clock = 1_000_000; // not 0: the LRU reads a start at 0 as none
    const cache = createSubrequestCache({
      maxBytes: 1 << 20,
      durations: { ttl: 1_000, stale: 60_000 },
      now: () => clock,
    });
    await cache.get(A, SEARCH, async () => ({ status: 200, text: 'old' }));
    clock += 2_000;
    let loads = 0;
    const failing = async (): Promise<CachedAnswer> => {
      loads += 1;
      throw new Error('timeout');
    };
    const during = await cache.get(A, SEARCH, failing);
    expect(during).toMatchObject({ answer: { text: 'old' }, status: 'stale' });
    await new Promise((resolve) => setImmediate(resolve)); // the refresh has failed
    const after = await cache.get(A, SEARCH, failing);
    expect(after).toMatchObject({ answer: { text: 'old' }, status: 'stale' });
    expect(loads).toBe(2); // one refresh per stale read, none in the caller's way
  });

  it('past ttl + stale waits for the refresh; if it fails, the old answer rather than none', async () => {
    let clock = 1_000_000;
    const cache = createSubrequestCache({
      maxBytes: 1 << 20,
      durations: { ttl: 1_000, stale: 2_000 },
      now: () => clock,
    });
    await cache.get(A, SEARCH, async () => ({ status: 200, text: 'old' }));
    clock += 5_000;
    let loads = 0;
    let fail!: (error: Error) => void;
    const failing = () => {
      loads += 1;
      return new Promise<CachedAnswer>((_resolve, reject) => (fail = reject));
    };
    const reading = cache.get(A, SEARCH, failing);
    await new Promise((resolve) => setImmediate(resolve)); // the read waits for its refresh
    fail(new Error('timeout'));
    expect(await reading).toMatchObject({ answer: { text: 'old' }, status: 'stale' });
    expect(loads).toBe(1);
    const fresh = await cache.get(A, SEARCH, async () => ({ status: 200, text: 'new' }));
    expect(fresh).toMatchObject({ answer: { text: 'new' }, status: 'miss' });
  });

  it('answers, once, the callers of a fill whose entry was evicted while it ran, and keeps it not', async () => {
    const cache = createSubrequestCache({ maxBytes: 64 * 1024 });
    const load = deferred();
    let loads = 0;
    const get = () =>
      cache.get(A, SEARCH, () => {
        loads += 1;
        return load.promise;
      });
    const waiting = get();
    // Newer answers fill the budget: the fill's entry, the least recently used, is evicted.
    for (let i = 0; i < 100; i += 1)
      await cache.get(A, `${SEARCH}${i}`, async () => ({ status: 200, text: 'x'.repeat(4000) }));
    load.resolve({ status: 200, text: 'milk' });
    expect(await waiting).toMatchObject({ answer: { status: 200, text: 'milk' }, status: 'miss' });
    expect(loads).toBe(1);
    expect((await get()).status).toBe('miss'); // not kept: its entry had gone
    expect(loads).toBe(2);
  });
});
