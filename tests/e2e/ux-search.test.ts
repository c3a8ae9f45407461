import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// Issue #9 point 1 in Chromium, on a phone and a desktop: category navigation opens the category's
// own listing, and searching tolerates a typo and ranks what the product is first.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe.each(Object.entries(VIEWPORTS))('search and categories on a %s', (_size, viewport) => {
  it('"Dairy & eggs" in the navigation opens the category, not a text search', async () => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${shop.url}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const link = page.getByRole('link', { name: 'Dairy & eggs', exact: true });
    // On a phone the navigation may sit in a scrolling row: the link is there either way.
    await link.first().click();
    await page.waitForURL(`${shop.url}/search?category=dairy-eggs`);
    await page.getByRole('heading', { level: 1, name: 'Dairy & Eggs' }).waitFor();
    const names = await page.locator('.product-card-name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => /Peas|Pizza|Fish Fingers|Fruit Gums/.test(n))).toEqual([]);
    await page.close();
  });

  it('finds yoghurt for "yogurt" and broccoli for "brocoli"', async () => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${shop.url}/search/yogurt`);
    const first = page.locator('.product-card').first();
    await expect(first.textContent()).resolves.toMatch(/Yoghurt/);
    await page.goto(`${shop.url}/search/brocoli`);
    await expect(page.locator('.product-card').first().textContent()).resolves.toMatch(/Broccoli/);
    await page.getByText('Showing results for “broccoli”').waitFor();
    await page.close();
  });
});
