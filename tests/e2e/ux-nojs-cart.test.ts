import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// Issue #9 point 2 in Chromium with JavaScript off, on a phone and a desktop: a guest sees the
// cart (count in the header, contents on /cart), changes and removes lines with forms, and finds
// the way to sign in and check out, and, the cart empty, back to shopping. With JavaScript on, the server-rendered cart hydrates cleanly.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe.each(Object.entries(VIEWPORTS))(
  'the cart without JavaScript on a %s',
  (_size, viewport) => {
    it('shows, changes and removes the cart, and leads to sign-in and checkout', async () => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${shop.url}/search/milk`);
      const summary = page.locator('.cart-summary');
      expect(await summary.textContent()).toBe('Cart is empty');
      const card = page
        .locator('.product-card')
        .filter({ has: page.locator('.quantity-add:not([disabled])') })
        .first();
      const name = (await card.locator('.product-card-name').textContent())!;
      await card.getByRole('button', { name: `Add 1 ${name}` }).click();
      await page.waitForURL(`${shop.url}/search/milk`);
      // The server rendered the cart: the header counts it, the card shows its stepper.
      expect(await summary.textContent()).toMatch(/^1 item, /);
      const singles = `${name} (singles)`;
      expect(
        await page
          .getByRole('status', { name: `Quantity of ${singles}` })
          .first()
          .textContent(),
      ).toBe('1');

      // The header's cart link is the cart page.
      await page.getByRole('link', { name: /^Cart/ }).click();
      await page.waitForURL(`${shop.url}/cart`);
      await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
      const lines = page.getByRole('list', { name: 'Cart items' });
      expect(await lines.getByRole('link', { name, exact: true }).count()).toBe(1);
      await lines.getByRole('button', { name: `Increase quantity of ${singles}` }).click();
      await page.waitForURL(`${shop.url}/cart`);
      expect(
        await lines.getByRole('status', { name: `Quantity of ${singles}` }).textContent(),
      ).toBe('2');
      expect(await summary.textContent()).toMatch(/^2 items, /);

      // A guest goes to sign in on the way to checkout, and comes back there.
      const checkout = page.getByRole('link', { name: 'Sign in to check out' });
      expect(await checkout.getAttribute('href')).toBe('/checkout');
      await checkout.click();
      await page.waitForURL(/\/social-login\?returnTo=%2Fcheckout/);

      await page.goto(`${shop.url}/cart`);
      await lines.getByRole('button', { name: `Remove ${singles}` }).click();
      await page.waitForURL(`${shop.url}/cart`);
      await page.locator('.cart-page').getByText('Your cart is empty.').waitFor();
      expect(await summary.textContent()).toBe('Cart is empty');
      // The empty cart leads back to shopping (docs/decisions/0370).
      await page.locator('.cart-page').getByRole('link', { name: 'Start shopping' }).click();
      await page.waitForURL(`${shop.url}/`);
      await context.close();
    });
  },
);

describe('the server-rendered cart with JavaScript on', () => {
  it('hydrates without a mismatch and without loading the cart again', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${shop.url}/search/cheese`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const card = page
      .locator('.product-card')
      .filter({ has: page.locator('.quantity-add:not([disabled])') })
      .first();
    await card.getByRole('button', { name: /^Add 1 / }).click();
    await expect.poll(() => page.locator('.cart-summary').textContent()).toMatch(/^1 item, /);
    const cartLoads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/bookings/cart/tenant/') && r.method() === 'GET')
        cartLoads.push(r.url());
    });
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('.cart-summary').textContent()).toMatch(/^1 item, /);
    expect(await card.locator('output').first().textContent()).toBe('1');
    expect(cartLoads).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
