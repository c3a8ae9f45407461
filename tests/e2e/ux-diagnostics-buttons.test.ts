import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';
import { notTheShops } from '../support/house-buttons';

// The error-reporting test page and the blink test's pages show the shop's buttons, not the
// browser's grey ones (ADR 0384): each control there looks as a `.button` (or `.button.primary`)
// of the shop, measured against one put beside it. What the pages do is tested in
// sentry-test.test.ts and blink-test.test.ts.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe.each(Object.entries(VIEWPORTS))('the diagnostics pages on a %s', (_size, viewport) => {
  it('/sentry-test: its four ways to fail are the shop’s buttons', async () => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${shop.url}/sentry-test`);
    await page.waitForSelector('html[data-hydrated="true"]');
    // Three buttons and the link that raises a loader error, in one list of actions.
    expect(await notTheShops(page, '.sentry-test-actions :is(button, a)')).toEqual({
      controls: 4,
      odd: [],
    });
    await page.close();
  });

  it('/blink-test without JavaScript: "Send this report to the shop" is the shop’s', async () => {
    const context = await browser.newContext({ viewport, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.url}/blink-test`);
    expect(await notTheShops(page, 'button')).toEqual({ controls: 1, odd: [] });
    await context.close();
  });

  it('/blink-test/result: "Open" is the shop’s', async () => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${shop.url}/blink-test/result`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await notTheShops(page, 'button')).toEqual({ controls: 1, odd: [] });
    await page.close();
  });
});
