import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { launchChromium } from '../support/browser';
import { addCase } from '../support/cart-buttons';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';

// Issue #4's journey in one go, in Chromium against the real platform: a guest searches, filters,
// opens a product, adds cases and singles, signs in as the demo shopper and finds the cart merged,
// checks out, sees the order in /orders and reorders it.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]');
const serverCart = async (page: Page) =>
  Booking.parse(
    await page.evaluate(async (path) => (await fetch(path)).json(), bookingPaths.cart('fresh')),
  );

describe('a shopper from search to reorder', () => {
  it('searches, fills a guest cart, signs in, checks out and reorders', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    // Search and filter, as a guest.
    await page.goto(`${shop.url}/`);
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Search products' }).first();
    await box.fill('cheese');
    await box.press('Enter');
    await page.waitForURL(`${shop.url}/search/cheese`);
    await page.getByRole('region', { name: 'Brand' }).getByRole('link').first().click();
    await page.waitForURL(/\?brand=/);

    // Open the first product that can be bought and add one case and two singles.
    await page
      .locator('.product-card')
      .filter({ has: page.locator('.quantity-add:not([disabled])') })
      .first()
      .locator('.product-card-link')
      .click();
    await page.waitForURL(/\/search\/cheese\/[^/?]+/);
    await hydrated(page);
    // The product page shows once its code is there (an island, ADR 0208), maybe after the URL.
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).not.toMatch(/^Results for/);
    const name = (await heading.textContent())!.trim();
    await page.getByRole('button', { name: addCase(name) }).click();
    await page.getByRole('button', { name: `Add 1 ${name}` }).click();
    await page.getByRole('button', { name: `Increase quantity of ${name} (singles)` }).click();
    await expect
      .poll(async () =>
        (await serverCart(page)).items
          .map((i) => `${i.byCase ? 'case' : 'single'}:${i.quantity}`)
          .sort(),
      )
      .toEqual(['case:1', 'single:2']);
    const guestOffering = (await serverCart(page)).items[0]!.offeringId;

    // Sign in: the guest's items are now in the demo shopper's cart.
    await page.getByRole('link', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('E-mail').fill(DEMO.email);
    await dialog.getByLabel('Password').fill(DEMO.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForSelector('summary[aria-label^="Account menu"]');
    const merged = await serverCart(page);
    expect(
      merged.items
        .filter((i) => i.offeringId === guestOffering)
        .map((i) => i.quantity)
        .sort(),
    ).toEqual([1, 2]);

    // Check out with the shopper's address and card and the first slot.
    await page.goto(`${shop.url}/checkout`);
    await hydrated(page);
    // The earliest slot is chosen already (docs/decisions/0166): pick another one of that day.
    await page.getByRole('radio', { name: /€/, checked: false }).first().check();
    await page.waitForURL(/slotId=/);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/orders\/ord-[0-9a-f]+\?done=placed/);
    const orderId = new URL(page.url()).pathname.split('/')[2]!;
    // The shopper reads the order's short number (docs/decisions/0165), the URL keeps the id.
    const orderTitle = (await page.locator('#order-title').textContent())!;
    expect(orderTitle).toMatch(/^Order \d{5}$/);
    expect((await serverCart(page)).items).toEqual([]);

    // The order is listed, and reordering puts its lines back in the cart.
    await page.goto(`${shop.url}/orders`);
    await page.getByRole('link', { name: orderTitle }).click();
    await page.waitForURL(`${shop.url}/orders/${orderId}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to my cart' }).click();
    await page.waitForURL(`${shop.url}/checkout?reordered=added`);
    const reordered = await serverCart(page);
    expect(
      reordered.items
        .filter((i) => i.offeringId === guestOffering)
        .map((i) => i.quantity)
        .sort(),
    ).toEqual([1, 2]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
