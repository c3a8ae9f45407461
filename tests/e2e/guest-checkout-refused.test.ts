import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// The guest checkout in Chromium when the cart can no longer be ordered as it stands (ADR 0314):
// a product in it is withdrawn from sale while the form is open, and the next slot chosen loads
// the page's data again. The page says which product and what to do, with the way to the cart,
// not the error screen.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('the guest checkout of a product withdrawn meanwhile', () => {
  it('names it in the page and sends the guest to the cart', async () => {
    const { rows } = await shop.platform.db.query<{ id: string; name: string }>(
      `select o.id, p.name from offerings o join products p on p.id = o.product_id
        where o.tenant_id = 'fresh' and o.available order by o.id limit 1`,
    );
    const item = rows[0]!;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${shop.url}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    // A guest session and one item in its cart, as the shop's own buttons would.
    await page.evaluate(async (offeringId) => {
      const guest = await fetch('/auth/guest', { method: 'POST', headers: { 'x-csrf': '1' } });
      if (!guest.ok) throw new Error(`guest ${guest.status}`);
      const put = await fetch('/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh/item', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-csrf': '1' },
        body: JSON.stringify({ offeringId, quantity: 1, byCase: false }),
      });
      if (!put.ok) throw new Error(`cart ${put.status}`);
    }, item.id);
    await page.goto(`${shop.url}/checkout/guest`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(page, 'input[name="slotId"]');

    await shop.platform.db.query('update offerings set available = false where id = $1', [item.id]);
    try {
      // Another slot loads the page's data again (?slotId=): the platform now refuses the cart.
      await page
        .locator('.slot-day:visible input[name="slotId"]:not([disabled]):not(:checked)')
        .first()
        .click();
      await page.waitForURL(/slotId=/);
      await page
        .getByRole('alert')
        .filter({ hasText: `Cannot order: ${item.name} (${item.id}) is not available.` })
        .waitFor();
      await page.getByText('Remove the items that are not available from your cart').waitFor();
      expect(await page.getByRole('button', { name: 'Place order' }).count()).toBe(0);
      expect(await page.getByText(/^CID:/).count()).toBe(0);

      await page.getByRole('link', { name: 'Review your cart' }).click();
      await page.waitForURL(`${shop.url}/cart`);
      await page.getByRole('heading', { name: 'Your cart', level: 1 }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await shop.platform.db.query('update offerings set available = true where id = $1', [
        item.id,
      ]);
      await context.close();
    }
  });
});
