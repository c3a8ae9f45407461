import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentPage, cmsPaths, HomePage, POLICY_CODES } from '../../shared/contracts/cms';
import { DeliverySlotList, orderPaths } from '../../shared/contracts/orders';
import { startPlatform, TENANTS, type TenantKey, type TestPlatform } from '../support/platform';

// What the shops' pages say of delivery is what their checkout offers (docs/decisions/0366): the
// delivery policy promised slots "from 8:00 to 22:00" where the day's last one ended at 20:00, and
// the FAQ, the terms and the policy said "until 22:00 the evening before before your delivery
// day". Read over HTTP from the CMS, beside the slots the orders service lists.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

const shops = Object.keys(TENANTS) as TenantKey[];

/** Every content and policy page of a shop and its home page, as text (its blocks apart). */
async function pagesOf(tenant: TenantKey): Promise<Record<string, string>> {
  const slugs = ['about', 'contact', 'faq'].map((slug) => cmsPaths.page(slug));
  const policies = POLICY_CODES.map((code) => cmsPaths.policy(code));
  const texts: Record<string, string> = {};
  for (const path of [...slugs, ...policies]) {
    const page = ContentPage.parse(await (await platform.call(path, { tenant })).json());
    const blocks = page.body.map((block) => ('items' in block ? block.items : [block.text]));
    texts[path] = [page.title, page.summary, ...blocks.flat()].join(' · ');
  }
  const home = HomePage.parse(await (await platform.call(cmsPaths.home, { tenant })).json());
  texts[cmsPaths.home] = home.blocks.map((block) => JSON.stringify(block)).join(' · ');
  return texts;
}

/** The shop's slots as its checkout offers them, in the shop's clock ("8:00"). */
async function slotTimes(tenant: TenantKey) {
  const token = await platform.tokenFor({
    principalId: TENANTS[tenant].accountId,
    accountId: TENANTS[tenant].accountId,
    tenantId: tenant,
  });
  const list = DeliverySlotList.parse(
    await (await platform.call(orderPaths.deliverySlots, { tenant, token })).json(),
  );
  const clock = (iso: string) =>
    new Intl.DateTimeFormat('en-IE', {
      timeZone: list.timeZone,
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(iso));
  const minutes = (time: string) => Number(time.split(':')[0]) * 60 + Number(time.split(':')[1]);
  const byTime = (a: string, b: string) => minutes(a) - minutes(b);
  const starts = list.items.map((slot) => clock(slot.startsAt)).sort(byTime);
  const ends = list.items.map((slot) => clock(slot.endsAt)).sort(byTime);
  const cutOffs = new Set(list.items.map((slot) => clock(slot.cutoffAt)));
  expect(cutOffs.size).toBe(1);
  return { from: starts[0]!, until: ends.at(-1)!, cutOff: [...cutOffs][0]! };
}

describe.each(shops)('the pages of the %s shop', (tenant) => {
  it('say the slots’ hours and cut-off the checkout offers', async () => {
    const slots = await slotTimes(tenant);
    const pages = await pagesOf(tenant);
    const delivery = pages[cmsPaths.policy('delivery')]!;
    expect(delivery).toContain(`from ${slots.from} to ${slots.until}`);
    expect(delivery).toContain(`until ${slots.cutOff} the evening before your delivery day`);
    for (const path of [cmsPaths.page('faq'), cmsPaths.policy('terms'), cmsPaths.page('about')])
      expect(pages[path], path).toContain(`${slots.cutOff} the evening before`);
  });

  it('never say a word twice in a row', async () => {
    const doubled = Object.entries(await pagesOf(tenant)).flatMap(([path, text]) =>
      [...text.matchAll(/\b(\p{L}+)\s+\1\b/giu)].map((match) => `${path}: ${match[0]}`),
    );
    expect(doubled).toEqual([]);
  });
});
