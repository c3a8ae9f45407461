import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths, type Booking } from '../../shared/contracts/booking';
import { cataloguePaths, type ProductList } from '../../shared/contracts/catalogue';
import { listPaths, type ShoppingList } from '../../shared/contracts/lists';
import { axeViolations } from '../support/axe';
import { launchChromium, reactHandles } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// Issue #29 item 1 in Chromium, driven by role and accessible name, with JavaScript and without:
// the demo shopper adds a product to a new list from its page (in place with JavaScript, ADR 0375),
// puts the list into the cart, saves the cart as a smart cart and puts the smart cart into the cart
// again.
// SCREENSHOTS=1 writes the README's "Add to list" screens to docs/screens/ (run with JavaScript).
const SHOOT = process.env.SCREENSHOTS === '1';
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

const summary = (page: Page) => page.locator('.cart-summary').first();
async function cartCount(page: Page, count: number) {
  const text = count === 1 ? '1 item' : `${count} items`;
  await page.waitForFunction(
    (want) => document.querySelector('.cart-summary')?.textContent?.startsWith(want),
    `${text},`,
  );
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
] as const)('lists and smart carts that fill, %s', (_label, javaScriptEnabled) => {
  it('adds to a list from a product page, the list to the cart, saves and reuses a smart cart', async () => {
    const context = await browser.newContext({
      viewport: VIEWPORTS.desktop,
      javaScriptEnabled,
      bypassCSP: true, // axe is injected past the page's nonce-based CSP
    });
    // The README's screens show the shop with measurement declined (a returning shopper's).
    if (SHOOT) await context.addCookies([{ name: 'consent', value: 'analytics:0', url: shop.url }]);
    const page = await context.newPage();
    await signIn(page, '/orders');
    await page.goto(`${shop.url}/cart`);
    // Start from an empty cart (the demo shopper's is shared by the runs).
    for (;;) {
      const remove = page.getByRole('button', { name: /^Remove / }).first();
      if ((await remove.count()) === 0) break;
      await remove.click();
      await page.waitForLoadState('networkidle');
    }
    await page.goto(`${shop.url}/search/milk`);
    const card = page
      .locator('.product-card')
      .filter({ has: page.locator('.quantity-add:not([disabled])') })
      .first();
    const name = (await card.locator('.product-card-name').textContent())!;
    await card.getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();

    const listName = `Picnic ${javaScriptEnabled ? 'js' : 'nojs'}`;
    // With JavaScript the product page asks in place (docs/decisions/0375); without, the lists
    // screen does.
    if (javaScriptEnabled) await reactHandles(page, '.product-summary a.add-to-list');
    await page
      .getByRole('link', { name: `Add to list: ${name}`, exact: true })
      .first()
      .click();
    await page.getByRole('heading', { name: `Add “${name}” to a list` }).waitFor();
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    if (SHOOT && javaScriptEnabled) {
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: `docs/screens/add-to-list-${size}.png`, fullPage: true });
      }
      await page.setViewportSize(VIEWPORTS.desktop);
    }
    await page.getByRole('radio', { name: 'A new list' }).check();
    await page.getByLabel('Name of the new list').fill(listName);
    await page.getByLabel('Quantity', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Add to list', exact: true }).click();
    if (javaScriptEnabled) {
      // The live region names the list and leads to it.
      const added = page.getByRole('status').filter({ hasText: `Added to “${listName}”` });
      await added.getByRole('link').click();
      await page.waitForURL(/\/shopping-lists\?list=/);
    } else await page.getByRole('status').filter({ hasText: 'Added to the list.' }).waitFor();
    await page.getByRole('heading', { level: 2, name: listName }).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(name) }).count()).toBe(1);
    expect(await page.getByLabel(`Quantity of ${name}`).inputValue()).toBe('2');

    // With JavaScript the page asks the platform to fill the cart through the proxy: no page load.
    if (javaScriptEnabled) await reactHandles(page, 'form.fill-buttons');
    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: '1 product (2 items) added to your cart.' })
      .waitFor();
    await cartCount(page, 2);
    expect(page.url().includes('filled=')).toBe(!javaScriptEnabled);

    await page.getByRole('link', { name: /^Cart/ }).first().click();
    if (javaScriptEnabled) await page.getByRole('dialog').waitFor();
    else await page.waitForURL(`${shop.url}/cart`);
    const smartName = `Usual ${javaScriptEnabled ? 'js' : 'nojs'}`;
    await page.getByText('Save cart as a smart cart').first().click();
    await page.getByLabel('Name of the smart cart').first().fill(smartName);
    await page.getByRole('button', { name: 'Save smart cart' }).first().click();
    await page.getByRole('heading', { level: 1, name: smartName }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Your cart is saved' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Order this smart cart' }).count()).toBe(1);

    if (javaScriptEnabled) await reactHandles(page, 'form.fill-buttons');
    await page.getByRole('button', { name: 'Put these items in my cart' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: '1 product (2 items) added to your cart.' })
      .waitFor();
    await cartCount(page, 4);
    expect(page.url().includes('filled=')).toBe(!javaScriptEnabled);
    expect(await summary(page).textContent()).toMatch(/^4 items, /);
    await context.close();
  });
});

// "Add all to cart" with JavaScript adds to what the cart holds when the shop gets the click: a
// change made in another tab since the list's page loaded is kept. (The page once added the list
// to its own copy of the cart and sent absolute quantities, overwriting that change.)
describe('a list put into the cart after another tab changed the cart', () => {
  it('adds the list to the cart as it is now, with JavaScript', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signIn(page, '/shopping-lists');
    const other = await context.newPage(); // another tab of the same shopper
    await other.goto(`${shop.url}/cart`);
    const api = (path: string, method = 'GET', body?: unknown) =>
      other.evaluate(
        async ({ path, method, body }) => {
          const response = await fetch(path, {
            method,
            headers: { 'x-csrf': '1', 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return { status: response.status, body: await response.json() };
        },
        { path, method, body },
      );
    const found = (await api(`${cataloguePaths.search}?q=bread`)).body as ProductList;
    const offering = found.items.find((item) => item.offering.available)!.offering;
    const cart = bookingPaths.cart('fresh');
    const held = (await api(cart)).body as Booking;
    if (held.items.length > 0)
      await api(bookingPaths.items('fresh'), 'DELETE', {
        items: held.items.map((item) => ({ uid: item.uid })),
      });
    const list = (await api(listPaths.lists, 'POST', { name: 'Two tabs' })).body as ShoppingList;
    await api(listPaths.items(list.id), 'POST', { offeringId: offering.id, quantity: 2 });

    await page.goto(`${shop.url}/shopping-lists?list=${list.id}`);
    await reactHandles(page, 'form.fill-buttons');
    // The other tab puts 5 of the same bread into the cart after this page loaded.
    await api(bookingPaths.item('fresh'), 'PUT', {
      offeringId: offering.id,
      quantity: 5,
      byCase: false,
    });
    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: '1 product (2 items) added to your cart.' })
      .waitFor();
    const after = (await api(cart)).body as Booking;
    expect(after.items.map((item) => [item.offeringId, item.quantity])).toEqual([[offering.id, 7]]);
    await cartCount(page, 7);
    await context.close();
  });
});
