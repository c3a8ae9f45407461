import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { launchChromium, reactHandles } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// "Save my cart’s items here" in Chromium, with JavaScript and without (ADR 0371): the demo
// shopper empties a smart cart (once a dead end), finds the way to shop when the cart is empty too,
// puts a product in the cart and adds the cart to the smart cart, which then holds it; the cart
// is unchanged. With JavaScript React Router posts the form: the document is not loaded again.
// Then both ways are offered, each named for its direction (ADR 0384: they were "Add smart cart
// to cart" and "Add my cart to this smart cart", one by ear).
const SAVE_HERE = 'Save my cart’s items here';
const PUT_IN_CART = 'Put these items in my cart';
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function signIn(page: Page, returnTo: string) {
  await page.goto(`${shop.url}${returnTo}`);
  await page.waitForURL(/\/social-login\?returnTo=/);
  const form = page.locator('section.sign-in-screen form.sign-in-form');
  await form.getByLabel('E-mail').fill('shopper@example.com');
  await form.getByLabel('Password').fill('demo1234');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${shop.url}${returnTo}`);
}

async function emptyTheCart(page: Page) {
  await page.goto(`${shop.url}/cart`);
  for (;;) {
    const remove = page.getByRole('button', { name: /^Remove / }).first();
    if ((await remove.count()) === 0) break;
    await remove.click();
    await page.waitForLoadState('networkidle');
  }
  await page.locator('.cart-page').getByText('Your cart is empty.').waitFor();
}

async function cartCount(page: Page, text: string) {
  await page.waitForFunction(
    (want) => document.querySelector('.cart-summary')?.textContent?.startsWith(want),
    text,
  );
}

/** "Add 1" of the `nth` product of a search that can be bought: its name, once in the cart. */
async function addToCart(page: Page, query: string, nth: number, javaScript: boolean) {
  await page.goto(`${shop.url}/search/${query}`);
  if (javaScript) await reactHandles(page, '.product-grid .quantity-add');
  const card = page
    .locator('.product-card')
    .filter({ has: page.locator('.quantity-add:not([disabled])') })
    .nth(nth);
  const name = (await card.locator('.product-card-name').textContent())!;
  await card.getByRole('button', { name: `Add 1 ${name}`, exact: true }).click();
  await cartCount(page, '1 item,');
  return name;
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
] as const)('an emptied smart cart filled from the cart, %s', (_label, javaScriptEnabled) => {
  it('empties a smart cart, shops, adds the cart to it and sees its items', async () => {
    const context = await browser.newContext({
      viewport: VIEWPORTS.desktop,
      javaScriptEnabled,
      bypassCSP: true, // axe is injected past the page's nonce-based CSP
    });
    const page = await context.newPage();
    await signIn(page, '/smart-carts');
    await emptyTheCart(page);

    // A smart cart of one product, saved from the cart, then emptied, and the cart emptied too.
    const first = await addToCart(page, 'milk', 0, javaScriptEnabled);
    await page.goto(`${shop.url}/cart`);
    const smartName = `Weekly ${javaScriptEnabled ? 'js' : 'nojs'}`;
    await page.getByText('Save cart as a smart cart').first().click();
    await page.getByLabel('Name of the smart cart').first().fill(smartName);
    await page.getByRole('button', { name: 'Save smart cart' }).first().click();
    await page.getByRole('heading', { level: 1, name: smartName }).waitFor();
    const smartCartUrl = page.url().split('?')[0]!;
    await page.getByRole('button', { name: `Remove ${first}`, exact: true }).click();
    const screen = page.locator('.smart-cart-screen');
    await screen.getByText('This smart cart is empty.').waitFor();
    await emptyTheCart(page);

    await page.goto(smartCartUrl);
    await screen.getByText('Your cart is empty too.').waitFor();
    expect(await page.getByRole('button', { name: SAVE_HERE }).count()).toBe(0);
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await screen.getByRole('link', { name: 'Start shopping' }).click();
    await page.waitForURL(`${shop.url}/`);

    // This week's cart, added to the smart cart: its main button now.
    const second = await addToCart(page, 'bread', 1, javaScriptEnabled);
    await page.goto(smartCartUrl);
    const add = page.getByRole('button', { name: SAVE_HERE, exact: true });
    expect(await add.getAttribute('class')).toBe('button primary');
    if (javaScriptEnabled) {
      await reactHandles(page, 'form.add-cart-form');
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    }
    await add.click();
    await page
      .getByRole('status')
      .filter({
        hasText: 'Your cart’s items are saved in this smart cart; your cart stays as it is.',
      })
      .waitFor();
    expect(await page.getByLabel(`Quantity of ${second}`).inputValue()).toBe('1');
    expect(await page.getByRole('heading', { name: 'Order this smart cart' }).count()).toBe(1);
    if (javaScriptEnabled)
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );
    // The cart is as it was: the header still counts the one item.
    await cartCount(page, '1 item,');
    // Both ways between the cart and the smart cart, each saying where the items go.
    expect(await page.getByRole('button', { name: PUT_IN_CART, exact: true }).count()).toBe(1);
    expect(await add.count()).toBe(1);
    await context.close();
  });
});
