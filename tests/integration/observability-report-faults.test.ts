import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_PER_KIND_PER_MINUTE } from '../../server/observability/error-reporting';
import { readInbox, startReportingShop, type ReportingShop } from '../support/error-inbox';

// Issue #28 item 2 and issue #27 item 4: reports for faults only, a budget per kind of fault, the
// request's breadcrumbs on a server report, and one `tenant` tag, the tenant id, everywhere.
let shop: ReportingShop;
let cookie: string;

beforeAll(async () => {
  shop = await startReportingShop();
  const pair = await shop.platform.signIn();
  cookie = `access_token=${pair.access_token}; refresh_token=${pair.refresh_token}`;
  // A page of the shop: the gateway learns its tenant id from the context.
  await (await fetch(`${shop.url}/`)).text();
});
afterAll(async () => shop?.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(shop.url + path, { headers: { cookie, 'x-csrf': '1', ...headers }, redirect: 'manual' });

type Crumb = { category: string; message: string; data?: { status?: number } };
const crumbsOf = (event: Record<string, unknown>): Crumb[] => {
  const crumbs = event.breadcrumbs as Crumb[] | { values: Crumb[] } | undefined;
  return Array.isArray(crumbs) ? crumbs : (crumbs?.values ?? []);
};

describe('error reports', () => {
  it('20 proxied 404s make no report (an upstream 4xx is the visitor’s answer)', async () => {
    const before = (await shop.inbox()).length;
    const cids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await get(`/api/services/orders/api/v1/orders/no-such-order-${i}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('x-event-id')).toBeNull();
      cids.push(response.headers.get('x-correlation-id')!);
    }
    expect((await shop.inbox()).length).toBe(before);
    for (const cid of cids.slice(0, 3)) expect(await readInbox(shop.platform.url, cid)).toEqual([]);
  });

  it("carry the request's platform calls as breadcrumbs and the tenant id as the one tenant tag", async () => {
    shop.faults.fail('/api/services/orders/api/v1/orders', 500);
    const response = await get('/api/services/orders/api/v1/orders');
    shop.faults.clear();
    expect(response.status).toBe(500);
    const [event] = await shop.inbox(response.headers.get('x-correlation-id')!);
    expect(event!.tenant).toBe('fresh');
    const tags = event!.event.tags as Record<string, string>;
    expect(tags).toMatchObject({ tenant: 'fresh', shop: 'localhost', fault: 'upstream_5xx' });
    const crumbs = crumbsOf(event!.event);
    expect(crumbs.length).toBeLessThanOrEqual(100);
    expect(crumbs).toContainEqual(
      expect.objectContaining({
        category: 'upstream',
        message: 'GET orders /api/services/orders/api/v1/orders',
        data: expect.objectContaining({ status: 500 }),
      }),
    );
  });

  it('group the same fault on different ids as one, the real path in the message (ADR 0304)', async () => {
    const orders = '/api/services/orders/api/v1/orders';
    shop.faults.fail(`${orders}/`, 500);
    const responses = [await get(`${orders}/1`), await get(`${orders}/2`)];
    shop.faults.clear();
    const events = [];
    for (const response of responses) {
      expect(response.status).toBe(500);
      events.push(...(await shop.inbox(response.headers.get('x-correlation-id')!)));
    }
    expect(events.map((e) => e.message)).toEqual([
      expect.stringMatching(/^\[500\] .*\/orders\/1\)$/),
      expect.stringMatching(/^\[500\] .*\/orders\/2\)$/),
    ]);
    const [one, two] = events.map((e) => e.event.fingerprint);
    expect(one).toEqual(two);
    expect(one).toEqual(['http-failure', 'upstream_5xx', 'orders', '500', `${orders}/:id`]);
    const { groups } = (await (
      await fetch(`${shop.platform.url}/dev/errors`, { headers: { accept: 'application/json' } })
    ).json()) as { groups: { fingerprint: string; count: number }[] };
    expect(groups.find((g) => g.fingerprint.endsWith(`${orders}/:id`))?.count).toBe(2);
  });

  it('have a budget per kind of fault: a flood of upstream 5xx leaves room for an exception', async () => {
    // The upstream 5xx the tests before reported, from the same budget.
    const earlier = (await shop.inbox()).filter(
      (e) => (e.event.tags as Record<string, string>).fault === 'upstream_5xx',
    ).length;
    shop.faults.fail('/cms-api/context', 503);
    const flood = REPORTS_PER_KIND_PER_MINUTE * 2 + 5;
    for (let i = 0; i < flood; i += 5)
      await Promise.all(Array.from({ length: 5 }, () => fetch(`${shop.url}/`)));
    shop.faults.clear();
    const response = await fetch(`${shop.url}/sentry-test.data?raise=loader`);
    expect(response.status).toBe(500);
    const cid = response.headers.get('x-correlation-id')!;
    const events = await shop.inbox(cid);
    expect(events).toHaveLength(1);
    expect(events[0]!.message).toBe('Error: Sentry test: loader error');
    // The flood itself: its budget's worth (less the earlier 500s, the same kind), grouped as one
    // fault in the inbox.
    const { groups } = (await (
      await fetch(`${shop.platform.url}/dev/errors`, { headers: { accept: 'application/json' } })
    ).json()) as { groups: { fingerprint: string; count: number }[] };
    const context = groups.find((g) => g.fingerprint.includes('/cms-api/context'));
    expect(earlier).toBeGreaterThanOrEqual(3);
    expect(context?.count).toBeGreaterThanOrEqual(REPORTS_PER_KIND_PER_MINUTE - earlier);
    expect(context?.count).toBeLessThanOrEqual(REPORTS_PER_KIND_PER_MINUTE);
  });
});
