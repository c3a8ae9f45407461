import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smartCartPaths, type SmartCart } from '../../shared/contracts/lists';
import { formatCents } from '../../client/lib/money';
import { launchChromium, reactHandles } from '../support/browser';
import { focused } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';

// Ordering a smart cart in Chromium with JavaScript (ADR 0330): the page shows the order's total
// (a slot chosen re-quotes it), and a price changed since the page was loaded places nothing: the
// page says so beside the button, which takes the focus, with the new total; the order is then
// placed at it. Before, the page showed a subtotal only and the order was placed at any total.
let shop: TestShop;
let browser: Browser;
let offeringId: string;
const money = (cents: number) => formatCents(cents, { currency: 'EUR', locale: 'en-IE' });

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const { rows } = await shop.platform.db.query<{ id: string }>(
    `select id from offerings where tenant_id = 'fresh' and available and price_single_cents > 0
      order by id limit 1`,
  );
  offeringId = rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Signed in, a new smart cart of 2 of the offering made through the proxy: its id. */
async function signedInWithSmartCart(page: Page): Promise<SmartCart> {
  await page.goto(`${shop.url}/`);
  return page.evaluate(
    async ({ path, offeringId }) => {
      const json = { 'content-type': 'application/json', 'x-csrf': '1' };
      await fetch('/auth/sign-in', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
      });
      const made = await fetch(path, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'Weekly', items: [{ offeringId, quantity: 2 }] }),
      });
      return (await made.json()) as SmartCart;
    },
    { path: smartCartPaths.smartCarts, offeringId },
  );
}

const shownTotal = (page: Page) => page.getByTestId('order-total').textContent();
const slotFee = async (page: Page, slotId: string) =>
  (
    await shop.platform.db.query<{ fee_cents: number }>(
      'select fee_cents from delivery_slots where id = $1',
      [slotId],
    )
  ).rows[0]!.fee_cents;

describe('ordering a smart cart, with JavaScript', () => {
  it('re-quotes a chosen slot, refuses a total changed since the page and places the new', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      const cart = await signedInWithSmartCart(page);
      await page.goto(`${shop.url}/smart-carts/${cart.id}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await reactHandles(page, 'input[name="slotId"]');
      // Another slot chosen: the page's total is that slot's.
      const other = page.getByRole('radio', { name: /€/, checked: false }).first();
      const slotId = (await other.getAttribute('value'))!;
      await other.check();
      await page.waitForURL(new RegExp(`slotId=${slotId}`));
      const fee = await slotFee(page, slotId);
      await expect.poll(() => shownTotal(page)).toBe(money(cart.subtotal + fee));

      // The shop raises the price meanwhile: the order is refused, the page says so.
      await shop.platform.db.query(
        'update offerings set price_single_cents = price_single_cents + 40 where id = $1',
        [offeringId],
      );
      await page.getByRole('button', { name: 'Order this smart cart' }).click();
      const notice = page
        .getByRole('alert')
        .filter({ hasText: 'Your cart changed: check the new total.' });
      await notice.waitFor();
      const now = money(cart.subtotal + 80 + fee);
      await expect.poll(() => shownTotal(page)).toBe(now);
      await expect
        .poll(async () => (await focused(page))?.text)
        .toBe('Your cart changed: check the new total.');
      expect(await page.locator(`input[name="slotId"][value="${slotId}"]`).isChecked()).toBe(true);

      await page.getByRole('button', { name: 'Order this smart cart' }).click();
      await page.waitForURL(/\/order\/ord-[0-9a-f]+\?done=placed/);
      await page.getByText('Your order is placed').waitFor();
      expect(await page.getByText(now).count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
