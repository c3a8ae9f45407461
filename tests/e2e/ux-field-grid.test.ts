import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { signInDemo } from '../support/screens';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// The forms' two columns at 1280 px, walked (docs/decisions/0377): a field beside one with a
// message under it grew a box half as tall again ("Address line 2" beside a refused postcode,
// "First name" beside the password's hint), and the guest checkout's "Delivery address" and
// "Payment card" sat in the first cell, beside "Recipient's name" and "Card number".
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const height = async (page: Page, name: string) =>
  (await page.getByRole('textbox', { name, exact: true }).boundingBox())!.height;

describe('a form’s two columns on a desktop', () => {
  it('keep every box as tall as the others beside a message', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signInDemo(page, shop.url);
    await page.goto(`${shop.url}/profile/delivery-address?edit=adr-fresh-demo-work`);
    await page.getByRole('textbox', { name: 'Postcode' }).fill('nonsense');
    await page.getByRole('button', { name: 'Save address' }).first().click();
    await page.getByText('Enter an Eircode, like D02 X285').waitFor();
    // "Address line 2" shares its row with the refused postcode and its message.
    expect(await height(page, 'Address line 2 (optional)')).toBe(await height(page, 'Postcode'));
    await context.close();
  });

  it('put a section’s heading over its fields (the guest checkout)', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${shop.url}/search/milk`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('.quantity-add:not([disabled])').first().click();
    await expect.poll(() => page.locator('.cart-summary').textContent()).not.toBe('Cart is empty');
    await page.goto(`${shop.url}/checkout/guest`);
    for (const [heading, first] of [
      ['Delivery address', "Recipient's name"],
      ['Payment card', 'Card number'],
    ] as const) {
      const title = await page.getByRole('heading', { name: heading }).boundingBox();
      const field = await page.getByText(first, { exact: true }).boundingBox();
      expect(field!.y, heading).toBeGreaterThanOrEqual(title!.y + title!.height);
      expect(field!.x, heading).toBe(title!.x);
    }
    await context.close();
  });
});
