import { describe, expect, it } from 'vitest';
import { createSubrequestCache, type CachedAnswer } from './subrequest-cache';

// The sub-request cache's byte budget and purge (ADR 0153): one shop or all, and what a purge
// finds in flight.
const SEARCH = '/api/services/catalogue/api/v1/search?q=milk&page=1';
const A = 'http://localhost:3000';
const B = 'http://harbour.localhost:3000';

function deferred() {
  let resolve!: (answer: CachedAnswer) => void;
  const promise = new Promise<CachedAnswer>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createSubrequestCache: budget and purge', () => {
  it('stays within its byte budget and purges one shop or all', async () => {
    const cache = createSubrequestCache({ maxBytes: 64 * 1024 });
    for (let i = 0; i < 100; i += 1)
      await cache.get(A, `${SEARCH}${i}`, async () => ({ status: 200, text: 'x'.repeat(4000) }));
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
    await cache.get(B, SEARCH, async () => ({ status: 200, text: 'b' }));
    const before = cache.size;
    expect(cache.purge(B)).toBe(1);
    expect(cache.size).toBe(before - 1);
    expect(cache.purge()).toBe(before - 1);
    expect(cache.size).toBe(0);
  });

  it("drops what a purge finds in flight: a fill's or a refresh's answer from before it is not kept", async () => {
    // Before, a purge skipped the entries being filled or refreshed (lru-cache's keys() leaves
    // them out): the answer the platform gave before the purge was kept after it, for its ttl.
    let clock = 1_000_000;
    const cache = createSubrequestCache({
      maxBytes: 1 << 20,
      durations: { ttl: 1_000, stale: 60_000 },
      now: () => clock,
    });
    const before = deferred();
    const filling = cache.get(A, SEARCH, () => before.promise);
    expect(cache.purge(A)).toBe(1);
    before.resolve({ status: 200, text: 'before the purge' });
    // Who asked before the purge gets that answer; it is not kept.
    expect((await filling).answer.text).toBe('before the purge');
    const after = await cache.get(A, SEARCH, async () => ({ status: 200, text: 'after' }));
    expect(after).toMatchObject({ answer: { text: 'after' }, status: 'miss' });

    // A stale answer being refreshed: neither it nor the refresh's answer outlives the purge.
    clock += 2_000;
    const refresh = deferred();
    expect((await cache.get(A, SEARCH, () => refresh.promise)).status).toBe('stale');
    expect(cache.purge()).toBe(1);
    refresh.resolve({ status: 200, text: 'refreshed before the purge' });
    await new Promise((resolve) => setImmediate(resolve));
    const next = await cache.get(A, SEARCH, async () => ({ status: 200, text: 'new' }));
    expect(next).toMatchObject({ answer: { text: 'new' }, status: 'miss' });
  });
});
