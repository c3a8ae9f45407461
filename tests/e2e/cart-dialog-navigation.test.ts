import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// The header's cart dialog (client/components/cart/cart-widget.tsx) is modal: a product chosen in
// it opens that product's page on the client, and the dialog must go with the page it was opened
// on, or it stays over the new page (which it makes inert) until closed by hand.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('the cart dialog', () => {
  it('closes when a product chosen in it opens on the client', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.goto(`${shop.url}/search/milk`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const add = page.getByRole('button', { name: /^Add 1 / }).first();
    await reactHandles(page, '.quantity-add-form');
    await reactHandles(page, '.cart-button');
    await add.click();
    await expect.poll(() => page.locator('.cart-summary').textContent()).toMatch(/^1 item, /);

    await page.getByRole('link', { name: /^Cart/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Your cart' });
    const line = dialog.locator('.cart-line a[href^="/products/"]').first();
    await line.waitFor();
    const product = (await line.getAttribute('href'))!;
    const name = (await line.textContent())!;
    await line.click();
    await page.waitForURL((url) => url.pathname === product);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(documents).toHaveLength(1); // a client navigation
    await expect
      .poll(() => page.locator('dialog.cart-panel').evaluate((d: HTMLDialogElement) => d.open))
      .toBe(false);
    await context.close();
  });
});
