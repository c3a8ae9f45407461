import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { axeViolationsWithoutJavaScript as violations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { fillGuestOrderForm } from '../support/guest-order-form';
import { DEMO } from '../support/platform';
import { signInDemo } from '../support/screens';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// axe-core over the shop as a visitor without JavaScript gets it (the shop works without it:
// forms post, the server renders the notices and errors), on a phone and a desktop. axe needs
// JavaScript in the page, so ux-axe.test.ts audited only hydrated pages; here each state is
// reached in a context with JavaScript off and its document audited as that browser built it
// (tests/support/axe.ts).
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const PRODUCT = '/products/fruit-vegetables/green-valley/avocados-4-pack';

/** "Add 1" on the product page, posted as a form. */
async function addOne(page: Page) {
  await page.goto(`${shop.url}${PRODUCT}`);
  await page
    .getByRole('button', { name: /^Add 1 / })
    .first()
    .click();
  await page.waitForURL(`${shop.url}${PRODUCT}`);
}

describe.each(Object.entries(VIEWPORTS))(
  'accessibility without JavaScript on a %s',
  (_s, viewport) => {
    it('finds no axe violations in a guest’s pages, refusals and errors', async () => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      const found: string[] = [];
      const check = async (state: string) => {
        for (const violation of await violations(page)) found.push(`${state}: ${violation}`);
      };
      for (const [state, path] of [
        ['home', '/'],
        ['search', '/search?category=dairy-eggs'],
        ['search results', '/search/milk'],
        ['product', PRODUCT],
        ['404', '/no-such-page'],
      ] as const) {
        const answer = await page.goto(`${shop.url}${path}`);
        expect(answer?.status()).toBe(state === '404' ? 404 : 200);
        await check(state);
      }

      await page.goto(`${shop.url}/social-login`);
      const signIn = page.locator('section.sign-in-screen form.sign-in-form');
      await signIn.getByLabel('E-mail').fill(DEMO.email);
      await signIn.getByLabel('Password').fill('not the password');
      await signIn.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' }).waitFor();
      await check('sign-in refused');

      await addOne(page);
      await check('product in the cart');
      await page.goto(`${shop.url}/cart`);
      await page.getByRole('list', { name: 'Cart items' }).waitFor();
      await check('cart page');

      await page.goto(`${shop.url}/checkout/guest`);
      // A card expired and a blank name: fields the server refuses (the browser lets them go).
      await fillGuestOrderForm(page, { email: 'grace.axe@example.com', expiryYear: '2001' });
      await page.getByRole('textbox', { name: "Recipient's name" }).fill(' ');
      await page.locator('.slot-day:visible input[name="slotId"]:not([disabled])').first().check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForLoadState();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await check('guest checkout with field errors');

      expect(found).toEqual([]);
      await context.close();
    }, 180_000);

    it('finds no axe violations in a shopper’s checkout refusal, list fill and profile error', async () => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      const found: string[] = [];
      const check = async (state: string) => {
        for (const violation of await violations(page)) found.push(`${state}: ${violation}`);
      };
      await signInDemo(page, shop.url);

      await page.goto(`${shop.url}/shopping-lists`);
      await page.getByRole('button', { name: 'Add all to cart' }).first().click();
      await page
        .getByRole('status')
        .filter({ hasText: /added to your cart/ })
        .waitFor();
      await check('lists after a fill');

      await page.goto(`${shop.url}/profile/info`);
      const details = page.locator('form.profile-panel');
      await details.getByLabel('Last name').fill(' ');
      await details.getByLabel('Phone').fill('call me');
      await details.getByRole('button', { name: 'Save my details' }).click();
      await details.locator('#info-phone-error').waitFor();
      await check('profile with an error');

      // A product in the cart withdrawn from sale: the checkout says it cannot order.
      await addOne(page);
      const cart = Booking.parse(
        await (await page.goto(`${shop.url}${bookingPaths.cart('fresh')}`))!.json(),
      );
      const withdrawn = cart.items[0]!.offeringId;
      const withdraw = (available: boolean) =>
        shop.platform.db.query('update offerings set available = $2 where id = $1', [
          withdrawn,
          available,
        ]);
      await withdraw(false);
      try {
        await page.goto(`${shop.url}/checkout`);
        await page
          .getByRole('alert')
          .filter({ hasText: /^Cannot order: / })
          .waitFor();
        await check('checkout refused');
      } finally {
        await withdraw(true);
      }

      expect(found).toEqual([]);
      await context.close();
    }, 180_000);
  },
);
