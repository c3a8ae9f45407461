import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cataloguePaths } from '../../shared/contracts/catalogue';
import { startReportingShop, type ReportingShop } from '../support/error-inbox';

// ADR 0358: a public read (catalogue, CMS content) that failed through the sub-request cache is
// loaded once per page; the platform call's own ask-again (ADR 0355) is its only retry. Before,
// the cache loaded it once more itself when its fill failed with no stale answer: a read dropped
// every time reached the catalogue four times, one that was never answered waited out its
// deadline twice, and each failed load was reported.
let shop: ReportingShop;

beforeAll(async () => {
  // A short deadline for the pages' calls (the hanging read's), long enough for the context call;
  // documents sent whole: a page's status is its own, never an early head's 200 (ADR 0271).
  shop = await startReportingShop({ EARLY_HEAD: 'off', CONTEXT_TIMEOUT_MS: '1500' });
});
afterAll(async () => shop?.close());

const SEARCH = cataloguePaths.search;

/** A guest's search page; its CID and the calls that reached the catalogue's search for it. */
async function guestSearch(term: string) {
  const res = await fetch(`${shop.url}/search/${term}`, { headers: { host: 'localhost' } });
  await res.text();
  const cid = res.headers.get('x-correlation-id')!;
  const calls = shop.faults.seen.filter(
    (call) => call.headers['x-correlation-id'] === cid && call.url.startsWith(SEARCH),
  );
  return { status: res.status, cid, calls: calls.length };
}

describe('a public read that failed is not loaded again by the cache', () => {
  it('dropped every time: two tries (the call asking again once), one report', async () => {
    shop.faults.fail(SEARCH, 'drop');
    try {
      const page = await guestSearch('milk');
      expect(page.status).toBeGreaterThanOrEqual(500);
      expect(page.calls).toBe(2); // before: 4
      const lost = (await shop.inbox(page.cid)).filter((event) => event.message.includes(SEARCH));
      expect(lost.map((event) => event.message)).toEqual([
        expect.stringMatching(/^\[0\] UND_ERR_SOCKET /),
      ]);
    } finally {
      shop.faults.clear();
    }
  });

  it('never answered: one call, the deadline waited out once, one report', async () => {
    shop.faults.fail(SEARCH, 'hang');
    try {
      const page = await guestSearch('bread');
      expect(page.status).toBeGreaterThanOrEqual(500);
      expect(page.calls).toBe(1); // before: 2, each with its whole deadline
      const timeouts = (await shop.inbox(page.cid)).filter((event) =>
        event.message.includes(SEARCH),
      );
      expect(timeouts).toHaveLength(1);
    } finally {
      shop.faults.clear();
    }
  });

  it('the next page asks the platform again: nothing was kept of the failure', async () => {
    const page = await guestSearch('milk');
    expect(page.status).toBe(200);
    expect(page.calls).toBe(1);
  });
});
