import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// The footer's "Privacy choices", /consent, a page of the gateway without the shop's stylesheet
// (ADR 0265), walked at 375 and 1280 px (docs/decisions/0377): in the browser's own look its
// "Accept" and "Decline" were 20 px tall, under the 24 px of ADR 0318 and beside the banner's
// 44 px, and its text ran the width of a desktop screen.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe.each(Object.entries(VIEWPORTS))('the privacy choices page on a %s', (_size, viewport) => {
  it('has the banner’s controls, in a readable column, and goes back to the shop', async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${shop.url}/consent?return=%2Fpage%2Fabout`);
    await page.getByText('Choose', { exact: true }).click();
    for (const name of ['Accept', 'Decline', 'Save my choice']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box?.height, name).toBeGreaterThanOrEqual(44);
    }
    // 40rem of text and its padding at most (the whole width it was).
    const column = await page.locator('main').boundingBox();
    expect(column!.width).toBeLessThanOrEqual(Math.min(672, viewport.width));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(`${shop.url}/page/about`);
    await context.close();
  });
});
