import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';

// An event batch can reach a gateway that has served no page of its shop yet (a replica just
// started, or one the balancer sent the pages away from): the events carry the shop's tenant id
// all the same, asked of the shop's context as the error tunnel asks it (tunnel-tenant.test.ts).
// (Before: `tenant: null` until a page of that shop had been rendered by this process.)
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop({ COOKIE_SECURE: 'false' });
});
afterAll(async () => shop?.close());

const batch = (cid: string) =>
  JSON.stringify({
    cid,
    events: [{ name: 'view_item_list', params: { item_list_id: 'search', items: [] } }],
  });

async function tenants(cid: string): Promise<unknown[]> {
  const answer = await fetch(`${shop.platform.url}/dev/analytics?cid=${cid}`, {
    headers: { accept: 'application/json' },
  });
  return ((await answer.json()) as { events: { tenant: unknown }[] }).events.map((e) => e.tenant);
}

describe('analytics events before any page of the shop', () => {
  it('carry the tenant id the shop context names, not null', async () => {
    const cid = 'AnalyticsCid0000000000000000tf01';
    const answer = await fetch(`${shop.url}/analytics/events`, {
      method: 'POST',
      headers: {
        origin: shop.url,
        'content-type': 'text/plain;charset=UTF-8',
        cookie: 'consent=analytics:1',
      },
      body: batch(cid),
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ forwarded: 1, dropped: 0 });
    expect(await tenants(cid)).toEqual(['fresh']);
  });
});
