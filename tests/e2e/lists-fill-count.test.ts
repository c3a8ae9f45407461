import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { demoList, demoSmartCart, offerings } from '../support/demo-shopper-data';
import { signedIn } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';

// What "Add all to cart" of a list and a smart cart's "Put these items in my cart" say they added,
// counted as the cart counts (docs/decisions/0260): its badge's items are units (each line's
// quantity), so two lines of 3 and 4 are "2 products (7 items)" and the badge grows by 7. The page
// said "2 items".
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Two lines, of 3 and of 4 (singles). */
async function twoLines() {
  const [a, b] = await offerings(shop.platform, 2);
  return [
    { offeringId: a!.id, quantity: 3 },
    { offeringId: b!.id, quantity: 4 },
  ];
}

const FILLS = [
  {
    what: 'a list',
    start: async (run: string) =>
      `/shopping-lists?list=${await demoList(shop.platform, `Count ${run}`, await twoLines())}`,
    button: 'Add all to cart',
  },
  {
    what: 'a smart cart',
    start: async (run: string) =>
      `/smart-carts/${await demoSmartCart(shop.platform, `Count ${run}`, await twoLines())}`,
    button: 'Put these items in my cart',
  },
];

/** The count of the header's cart badge ("7 items, €12.30", or "Cart is empty"). */
async function badgeCount(page: Page): Promise<number> {
  const summary = (await page.locator('.cart-summary').first().textContent()) ?? '';
  if (summary === 'Cart is empty') return 0;
  const count = /^(\d+) items?,/.exec(summary);
  expect(count, summary).not.toBeNull();
  return Number(count![1]);
}

describe.each([
  { javaScript: true, how: 'with JavaScript' },
  { javaScript: false, how: 'without JavaScript' },
])('a list or smart cart into the cart, $how', ({ javaScript }) => {
  it.each(FILLS)(
    '$what of two lines, 3 and 4: "2 products (7 items)", 7 more in the badge',
    async (fill) => {
      const path = await fill.start(javaScript ? 'js' : 'nojs');
      const { context, page } = await signedIn(browser, shop.url, javaScript);
      await page.goto(`${shop.url}${path}`);
      if (javaScript) await reactHandles(page, 'form.fill-buttons');
      const before = await badgeCount(page);

      await page.getByRole('button', { name: fill.button }).click();
      const notice = page.getByRole('status').filter({ hasText: 'added to your cart.' });
      await notice.waitFor();
      expect(await notice.textContent()).toBe('2 products (7 items) added to your cart.');
      await expect.poll(() => badgeCount(page)).toBe(before + 7);
      await context.close();
    },
  );
});

// The page's key goes with a fill (docs/decisions/0328); with JavaScript the page stays, so a fill
// done gives the form a new one: a click after the answer is a new fill, not a replay.
it('adds again at a second click once the first fill is done (with JavaScript)', async () => {
  const path = await FILLS[0]!.start('again');
  const { context, page } = await signedIn(browser, shop.url);
  await page.goto(`${shop.url}${path}`);
  await reactHandles(page, 'form.fill-buttons');
  const before = await badgeCount(page);
  const button = page.getByRole('button', { name: FILLS[0]!.button });
  await button.click();
  await expect.poll(() => badgeCount(page)).toBe(before + 7);
  await button.click();
  await expect.poll(() => badgeCount(page)).toBe(before + 14);
  await context.close();
});
