import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// The search results as a shopper first sees them (docs/decisions/0372). At 375 x 812 the facets
// filled the whole first screen: the first product started at 1,340 px on "milk", under the
// consent banner of a first visit. Now they sit behind one "Filters" disclosure and the first
// product is on the first screen, with JavaScript or without; at 1280 px they stay beside the
// results, choosable without a click.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Where the first product card starts, from the top of the first screen, and its height. */
const firstProduct = (page: Page) =>
  page.evaluate(() => ({
    top: document.querySelector('.product-card')!.getBoundingClientRect().top,
    screen: window.innerHeight,
  }));

describe('the results on a 375 px phone', () => {
  for (const javaScript of [true, false])
    it(`start on the first screen, the filters closed behind "Filters" (JavaScript ${javaScript ? 'on' : 'off'})`, async () => {
      const page = await browser.newPage({
        viewport: VIEWPORTS.phone,
        javaScriptEnabled: javaScript,
      });
      for (const query of ['milk', 'brocoli']) {
        await page.goto(`${shop.url}/search/${query}`);
        if (javaScript) await page.waitForSelector('html[data-hydrated="true"]');
        const { top, screen } = await firstProduct(page);
        expect(top).toBeLessThan(screen);
        const filters = page.locator('summary', { hasText: 'Filters' });
        expect(await filters.isVisible()).toBe(true);
        const brands = page.getByRole('region', { name: 'Brand' });
        expect(await brands.isVisible()).toBe(false);

        await filters.click();
        await brands.waitFor();
        expect(await brands.getByRole('link').first().isVisible()).toBe(true);
      }
      await page.close();
    });

  it('count in their label the filters chosen, and stay open while choosing', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone });
    await page.goto(`${shop.url}/search/milk`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const filters = page.locator('summary', { hasText: 'Filters' });
    expect((await filters.textContent())?.trim()).toBe('Filters');
    await filters.click();
    await page.getByRole('region', { name: 'Brand' }).getByRole('link').first().click();
    await page.waitForURL(/\?brand=/);
    await expect.poll(() => filters.textContent()).toBe('Filters (1 selected)');
    await page.getByRole('region', { name: 'Category' }).getByRole('link').first().click();
    await page.waitForURL(/category=/);
    await expect.poll(() => filters.textContent()).toBe('Filters (2 selected)');
    await page.close();
  });
});

describe('the results on a 1280 px screen', () => {
  it('show the filters beside the products, choosable without a click on "Filters"', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${shop.url}/search/milk`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('summary', { hasText: 'Filters' }).isVisible()).toBe(false);
    for (const facet of ['Category', 'Brand', 'Free from'])
      expect(await page.getByRole('region', { name: facet }).isVisible()).toBe(true);
    // Beside the products, as before: the first card's left edge is right of the facets.
    const facets = await page.locator('.search-facets').boundingBox();
    const card = await page.locator('.product-card').first().boundingBox();
    expect(card!.x).toBeGreaterThan(facets!.x + facets!.width);
    expect(card!.y).toBeLessThan(facets!.y + facets!.height);

    await page.getByRole('region', { name: 'Brand' }).getByRole('link').first().click();
    await page.waitForURL(/\?brand=/);
    await page.close();
  });
});
