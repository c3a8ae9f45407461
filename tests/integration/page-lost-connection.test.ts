import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cataloguePaths } from '../../shared/contracts/catalogue';
import { uaaPaths } from '../../shared/contracts/uaa';
import { startReportingShop, type ReportingShop } from '../support/error-inbox';
import { DEMO } from '../support/platform';

// ADR 0355: a page's own read whose connection to the platform was lost before any answer (the
// stand-in in front of the reference platform closes it as the call arrives: a kept-alive
// connection the service closed as the call went out, a process on its way out) is asked again
// once. Before, the page lost that read: a signed-in visitor was shown as signed out, a section
// or the page failed, and the lost call was reported although a second one would have worked.
let shop: ReportingShop;
let cookie: string;

beforeAll(async () => {
  // Documents sent whole: a page's status is its own, never an early head's 200 (ADR 0271).
  shop = await startReportingShop({ EARLY_HEAD: 'off' });
  const pair = await shop.platform.signIn();
  cookie = `access_token=${pair.access_token}; refresh_token=${pair.refresh_token}`;
});
afterAll(async () => shop?.close());

const page = (path: string, headers: Record<string, string> = {}) =>
  fetch(shop.url + path, { headers: { host: 'localhost', ...headers }, redirect: 'manual' });

/** The calls that reached the stand-in for this page (by its CID), on paths starting with `prefix`. */
const callsOf = (cid: string, prefix: string) =>
  shop.faults.seen.filter(
    (call) => call.headers['x-correlation-id'] === cid && call.url.startsWith(prefix),
  );

const ORDERS = '/api/services/orders/api/v1/orders';
const SEARCH = cataloguePaths.search;

describe('a page whose read lost its connection once', () => {
  it('signed in: the account read is asked again, the visitor stays signed in', async () => {
    shop.faults.fail(uaaPaths.account, 'drop', 1);
    try {
      const res = await page('/orders', { cookie });
      const cid = res.headers.get('x-correlation-id')!;
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(DEMO.email);
      expect(callsOf(cid, uaaPaths.account)).toHaveLength(2);
      expect(await shop.inbox(cid)).toEqual([]); // recovered: nothing reported
    } finally {
      shop.faults.clear();
    }
  });

  it("signed in: the page's own data read is asked again, the page answers 200 with it", async () => {
    shop.faults.fail(ORDERS, 'drop', 1);
    try {
      const res = await page('/orders', { cookie });
      const cid = res.headers.get('x-correlation-id')!;
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(html).toMatch(/<h1[^>]*>Your orders<\/h1>/);
      expect(callsOf(cid, ORDERS)).toHaveLength(2);
      expect(await shop.inbox(cid)).toEqual([]);
    } finally {
      shop.faults.clear();
    }
  });

  it('a guest: the search read is asked again, the results are shown', async () => {
    shop.faults.fail(SEARCH, 'drop', 1);
    try {
      const res = await page('/search/milk');
      const cid = res.headers.get('x-correlation-id')!;
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(html).toMatch(/Milk/);
      expect(callsOf(cid, SEARCH)).toHaveLength(2);
      expect(await shop.inbox(cid)).toEqual([]);
    } finally {
      shop.faults.clear();
    }
  });
});

describe('a page whose read lost its connection every time, or whose context call lost it', () => {
  it('fails as before, after two tries, and the lost read is reported once', async () => {
    shop.faults.fail(ORDERS, 'drop');
    try {
      const res = await page('/orders', { cookie });
      const cid = res.headers.get('x-correlation-id')!;
      expect(res.status).toBe(500);
      expect(callsOf(cid, ORDERS)).toHaveLength(2);
      const lost = (await shop.inbox(cid)).filter((event) => event.message.startsWith('[0] '));
      expect(lost.map((event) => event.message)).toEqual([
        expect.stringMatching(`^\\[0\\] UND_ERR_SOCKET \\(${shop.faults.url}${ORDERS}\\?`),
      ]);
    } finally {
      shop.faults.clear();
    }
  });

  it('the context call is not asked again (the specification: "No retry")', async () => {
    shop.faults.fail('/cms-api/context', 'drop', 1);
    try {
      const res = await page('/', { cookie });
      const cid = res.headers.get('x-correlation-id')!;
      expect(res.status).toBe(502);
      expect(callsOf(cid, '/cms-api/context')).toHaveLength(1);
    } finally {
      shop.faults.clear();
    }
  });
});
