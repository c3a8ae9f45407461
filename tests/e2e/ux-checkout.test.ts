import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// Issue #9 point 6: "Update totals" only without JavaScript; delivery slots picked day by day, so
// the phone page is short; delivery in the total from the start, and after changing the slot
// (docs/decisions/0166).
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function signedInCheckout(
  javaScriptEnabled: boolean,
  viewport: { width: number; height: number } = VIEWPORTS.phone,
  { pageCodeLate = false } = {},
) {
  const context = await browser.newContext({ viewport, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(`${shop.url}/social-login?returnTo=%2Fcheckout`);
  await page.getByLabel('E-mail').first().fill(DEMO.email);
  await page.getByLabel('Password').first().fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await page.waitForURL(`${shop.url}/checkout`);
  // Something to check out.
  await page.goto(`${shop.url}/search/milk`);
  if (javaScriptEnabled) await page.waitForSelector('html[data-hydrated="true"]');
  await page.locator('.quantity-add:not([disabled])').first().click();
  if (javaScriptEnabled)
    await expect.poll(() => page.locator('.cart-summary').textContent()).not.toBe('Cart is empty');
  if (pageCodeLate) {
    // The checkout page's code (an island, docs/decisions/0208) comes 2 s late, and only then.
    await page.addInitScript(() => (window.requestIdleCallback = () => 0));
    await page.route(/\/assets\/(orders|checkout)[\w.-]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
  }
  await page.goto(`${shop.url}/checkout`);
  return { context, page };
}

describe('checkout', () => {
  it('offers "Update totals" without JavaScript and not with it', async () => {
    const off = await signedInCheckout(false);
    expect(await off.page.getByRole('button', { name: 'Update totals' }).count()).toBe(1);
    await off.context.close();
    const on = await signedInCheckout(true);
    await on.page.waitForSelector('html[data-hydrated="true"]');
    await on.page.getByRole('button', { name: 'Place order' }).waitFor();
    // The page's code comes at idle (an island, docs/decisions/0208): the button the server
    // rendered for a browser without JavaScript goes once it is hydrated.
    await on.page.getByRole('button', { name: 'Update totals' }).waitFor({ state: 'detached' });
    expect(await on.page.getByRole('button', { name: 'Place order' }).count()).toBe(1);
    await on.context.close();
  });
});

describe('a slot chosen before the page could re-quote', () => {
  it("re-quotes once the page's code is there: the total has the chosen slot's fee", async () => {
    const { context, page } = await signedInCheckout(true, VIEWPORTS.desktop, {
      pageCodeLate: true,
    });
    await page.waitForSelector('html[data-hydrated="true"]');
    // A free slot of the day shown, other than the one quoted (the earliest, ADR 0166).
    const slot = page
      .getByRole('radio', { name: /\d\d:\d\d–\d\d:\d\d, (?!full)/, checked: false })
      .first();
    const value = await slot.getAttribute('value');
    const label = (await slot.getAttribute('aria-label'))!.replace(/, [^,]*$/, '');
    expect(page.url()).not.toContain(`slotId=${value}`);
    await slot.check();
    await page.waitForURL(new RegExp(`slotId=${value}`), { timeout: 15_000 });
    await expect
      .poll(() => page.locator('.checkout-summary .totals-slot').textContent())
      .toBe(label);
    await context.close();
  });
});

/** "€4.95" → 495 */
const cents = (text: string | null) => Math.round(Number(text!.replace(/[^\d.]/g, '')) * 100);

async function totals(page: Page) {
  const row = (name: string) =>
    page
      .locator('.checkout-summary .totals dt', { hasText: name })
      .locator('xpath=following-sibling::dd[1]');
  return {
    subtotal: cents(await row('Subtotal').textContent()),
    delivery: cents(await row('Delivery').textContent()),
    total: cents(await page.getByTestId('order-total').textContent()),
    slot: await page.locator('.checkout-summary .totals-slot').textContent(),
  };
}

/** The visible slot radios (those of the day whose tab is chosen). */
const visibleSlots = (page: Page) => page.getByRole('radio', { name: /\d\d:\d\d–\d\d:\d\d, / });

describe.each(Object.entries(VIEWPORTS))('delivery slots on a %s', (size, viewport) => {
  it('shows one day of slots at a time, the earliest slot chosen and its fee in the total', async () => {
    const { context, page } = await signedInCheckout(true, viewport);
    await page.waitForSelector('html[data-hydrated="true"]');
    const tabs = page.locator('.slot-day-tab');
    expect(await tabs.count()).toBeGreaterThanOrEqual(5);
    // Only the first day's slots are on screen, and its first slot is chosen.
    const slots = visibleSlots(page);
    expect(await slots.count()).toBeLessThanOrEqual(6);
    expect(await slots.first().isChecked()).toBe(true);
    const first = await totals(page);
    expect(first.delivery).toBeGreaterThan(0);
    expect(first.total).toBe(first.subtotal + first.delivery);
    expect(await page.getByText('Choose a slot').count()).toBe(0);
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    if (size === 'phone') {
      // 35 slots as a list made this page 4,212 px tall with "Place order" at 3,900 px (before
      // issue #9 point 6); day by day it measured 1,989-2,133 px with "Place order" at 1,677-1,821 px.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const placeOrder = await page
        .getByRole('button', { name: 'Place order' })
        .evaluate((button) => button.getBoundingClientRect().top + window.scrollY);
      // The figure for the notes (a layout measure, not a timing).
      console.log(
        `phone checkout: ${height} px tall, "Place order" at ${Math.round(placeOrder)} px`,
      );
      expect(height).toBeLessThan(2600);
      expect(placeOrder).toBeLessThan(2300);
    }
    await context.close();
  });

  it('re-totals when a slot of another day with another fee is chosen', async () => {
    const { context, page } = await signedInCheckout(true, viewport);
    await page.waitForSelector('html[data-hydrated="true"]');
    // The third day's second slot costs 1.99 in this shop from now on.
    await page.locator('.slot-day-tab').nth(2).click();
    const slot = visibleSlots(page).nth(1);
    const slotId = await slot.getAttribute('value');
    await shop.platform.db.query('update delivery_slots set fee_cents = 199 where id = $1', [
      slotId,
    ]);
    await slot.check();
    await page.waitForURL(new RegExp(`slotId=${slotId}`));
    await expect.poll(async () => (await totals(page)).delivery).toBe(199);
    const after = await totals(page);
    expect(after.total).toBe(after.subtotal + 199);
    expect(await page.locator('.slot-chosen').textContent()).toContain(after.slot!);
    await context.close();
  });
});

describe('delivery slots without JavaScript', () => {
  it('switches days with the tabs, re-totals with "Update totals" and places the order with that fee', async () => {
    const { context, page } = await signedInCheckout(false);
    const first = await totals(page);
    expect(first.total).toBe(first.subtotal + first.delivery);
    expect(first.delivery).toBeGreaterThan(0);
    const tab = page.locator('.slot-day-tab').nth(3);
    await tab.click();
    const slot = visibleSlots(page).nth(2);
    expect(await slot.isVisible()).toBe(true);
    const slotId = await slot.getAttribute('value');
    await shop.platform.db.query('update delivery_slots set fee_cents = 149 where id = $1', [
      slotId,
    ]);
    await slot.check();
    await page.getByRole('button', { name: 'Update totals' }).click();
    await page.waitForURL(new RegExp(`slotId=${slotId}`));
    const after = await totals(page);
    expect(after.delivery).toBe(149);
    expect(after.total).toBe(after.subtotal + 149);
    expect(await page.locator(`input[value="${slotId}"]`).isChecked()).toBe(true);
    expect(await page.locator(`input[value="${slotId}"]`).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/orders\/ord-[0-9a-f]+\?done=placed/);
    const delivery = page.locator('.totals dt', { hasText: 'Delivery' });
    expect(cents(await delivery.locator('xpath=following-sibling::dd[1]').textContent())).toBe(149);
    expect(cents(await page.getByTestId('order-total').textContent())).toBe(after.total);
    await context.close();
  });
});
