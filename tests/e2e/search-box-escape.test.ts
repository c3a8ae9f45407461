import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// The search box is an ARIA combobox (client/components/search/search-box.tsx): Escape closes its
// suggestions and leaves the text typed. The field is `type="search"`, whose own Escape in
// Chromium empties it: the shopper who only wanted the list gone lost the query.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('the search box', () => {
  it('closes its suggestions on Escape and keeps the text typed', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shop.url}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.click();
    await reactHandles(page, '.search-box input');
    await box.pressSequentially('milk', { delay: 20 });
    await page.getByRole('listbox', { name: 'Suggestions' }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');

    await box.press('Escape');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    await page.waitForTimeout(300);
    expect(await box.inputValue()).toBe('milk');
    // Enter then searches for that text.
    await box.press('Enter');
    await page.waitForURL(/\/search\/milk$/);
    await context.close();
  });
});
