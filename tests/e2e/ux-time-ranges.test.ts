import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';
import { NARROW_PHONES, VIEWPORTS } from '../support/viewports';

// A delivery slot's hours read as one unit (docs/decisions/0370): at 375 px the orders list and
// the checkout's "Your slot" broke them after the dash, "08:00–" over "10:00". Every range on the
// checkout, the orders list and an order's page sits on one line. Without JavaScript: the lines
// are the server's HTML and the CSS.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const sizes = { phone: VIEWPORTS.phone, '320 px phone': NARROW_PHONES['320 px'] };

/** Each "10:00–12:00" on screen inside `selector`, with the number of lines it takes. */
async function rangesIn(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const found: { text: string; lines: number }[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\d\d:\d\d\s?–\s?\d\d:\d\d/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = [...range.getClientRects()].map((rect) => Math.round(rect.top));
          // A hidden day's slots have no box.
          if (tops.length > 0) found.push({ text: match[0], lines: new Set(tops).size });
        }
      }
      return found;
    }),
  );
}

async function expectWhole(page: Page, selector: string, least: number) {
  const ranges = await rangesIn(page, selector);
  expect(ranges.length, selector).toBeGreaterThanOrEqual(least);
  expect(ranges.filter((range) => range.lines !== 1)).toEqual([]);
}

describe.each(Object.entries(sizes))('delivery hours on a %s', (_size, viewport) => {
  it('are never broken after the dash', async () => {
    const context = await browser.newContext({ viewport, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.url}/social-login?returnTo=%2Forders`);
    await page.getByLabel('E-mail').first().fill(DEMO.email);
    await page.getByLabel('Password').first().fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    await page.waitForURL(`${shop.url}/orders`);
    await expectWhole(page, '.order-row .order-meta', 3);

    await page.getByRole('link', { name: 'Order 10003' }).click();
    await page.waitForURL(/\/orders\/./);
    await expectWhole(page, '.order-facts', 1);

    await page.goto(`${shop.url}/search/milk`);
    await page.locator('.quantity-add:not([disabled])').first().click();
    await page.goto(`${shop.url}/checkout`);
    await page.locator('.slot-chosen').waitFor();
    await expectWhole(page, '.slot-chosen', 1);
    await expectWhole(page, '.totals', 1);
    await expectWhole(page, '.slot-picker label.choice', 1);
    await context.close();
  });
});
