import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// Issue #29 item 5: after a client navigation to a page whose data request answers 404, the
// "Page not found" screen shows the CID of that request (the one in the logs), not the page's.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('the 404 screen after a client navigation', () => {
  it("shows the failing data request's CID", async () => {
    const page = await browser.newPage();
    await page.goto(`${shop.url}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const pageCid = await page.getAttribute('meta[name="correlation-id"]', 'content');
    // A product card's link, pointed at a product that does not exist: the grid's click handler
    // navigates on the client (a marker on window survives only that).
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
      document
        .querySelector('.product-card-link')!
        .setAttribute('href', '/products/fruit-vegetables/green-valley/no-such-product');
    });
    await reactHandles(page, '.product-rail, .product-grid');
    const dataResponse = page.waitForResponse((r) => r.url().includes('.data'));
    await page.click('.product-card-link');
    const failed = await dataResponse;
    expect(failed.status()).toBe(404);
    const cid = failed.headers()['x-correlation-id']!;
    expect(cid).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(cid).not.toBe(pageCid);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
      true,
    );
    expect(await page.locator('.error-screen .cid code').textContent()).toBe(cid);
    await page.close();
  });
});
