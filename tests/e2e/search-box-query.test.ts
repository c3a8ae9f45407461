import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// The header's search box holds the query of the results on screen (docs/decisions/0370; the
// server's HTML: tests/integration/search-box-query.test.ts). Hydrated, it keeps it, and client
// navigations set it again: another search shows its own query, a page that is no search none.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe("the header's search box", () => {
  it('follows the results on screen through client navigations', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${shop.url}/search/milk`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const box = page.locator('.site-header-search').getByRole('combobox', {
      name: 'Search products',
    });
    expect(await box.inputValue()).toBe('milk');

    await box.click();
    await reactHandles(page, '.site-header-search input');
    await box.fill('bread');
    await box.press('Enter');
    await page.waitForURL(/\/search\/bread$/);
    await page.getByRole('heading', { level: 1, name: 'Results for “bread”' }).waitFor();
    expect(await box.inputValue()).toBe('bread');

    await page.getByRole('link', { name: /, home$/ }).click();
    await page.waitForURL(`${shop.url}/`);
    await expect.poll(() => box.inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
