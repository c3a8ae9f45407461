import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// The shop's navigation on a 375 px phone scrolls sideways, and opened at its start: on
// "Drinks", the fourth of six links, the current link was out of sight past the screen's edge
// (docs/decisions/0372). It is centred in the row: by CSS on the first paint where the browser
// can (Chromium, scroll-initial-target), without JavaScript; elsewhere by main-nav.tsx once the
// page runs, and after a client navigation from elsewhere than the row.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Whether the current link of the navigation is wholly inside its row as seen. */
const currentInSight = (page: Page) =>
  page.evaluate(() => {
    const row = document.querySelector('.main-nav ul')!.getBoundingClientRect();
    const link = document.querySelector('.main-nav [aria-current="page"]')!.getBoundingClientRect();
    return link.left >= row.left && link.right <= row.right;
  });

describe('the current link of the navigation on a phone', () => {
  it('is in sight on the first paint, without JavaScript', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    await page.goto(`${shop.url}/search?category=drinks`);
    expect(await currentInSight(page)).toBe(true);
    // The row still starts where it did: the links before the current one are a scroll away.
    const scrolled = await page.locator('.main-nav ul').evaluate((row) => row.scrollLeft);
    expect(scrolled).toBeGreaterThan(0);
    await page.close();
  });

  it('is brought in by the page where CSS cannot, and after a client navigation', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone });
    // A browser without scroll-initial-target (Firefox, Safari): the rule taken out.
    await page.route(/\/assets\/[\w-]+\.css$/, async (route) => {
      const response = await route.fetch();
      const css = (await response.text()).replace(/scroll-initial-target:\s*nearest;?/g, '');
      await route.fulfill({ response, body: css });
    });
    await page.goto(`${shop.url}/search?category=drinks`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => currentInSight(page)).toBe(true);

    // From a page no link of the row is current on, the row at its start, to "Drinks" by a
    // link of the page (a popular category), not of the row.
    await page.goto(`${shop.url}/search`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('.main-nav ul').evaluate((row) => row.scrollLeft)).toBe(0);
    await page
      .locator('main')
      .getByRole('link', { name: /^Drinks/ })
      .click();
    await page.waitForURL(/category=drinks/);
    await expect.poll(() => currentInSight(page)).toBe(true);
    await page.close();
  });
});
