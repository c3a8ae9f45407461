import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// Issue #9 point 6 (part): "Update totals" only without JavaScript.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function signedInCheckout(javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled });
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
    expect(await on.page.getByRole('button', { name: 'Update totals' }).count()).toBe(0);
    await on.context.close();
  });
});
