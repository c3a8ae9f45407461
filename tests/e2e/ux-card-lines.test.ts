import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking-paths';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';
import { NARROW_PHONES, VIEWPORTS } from '../support/viewports';

// A product card, two to a phone's row, read by a shopper (docs/decisions/0366): with the product
// in the cart as singles and as cases, each stepper's −, count and + sit on one line (they were
// split, "Singles −" over "1 +", at 360, 375 and 1280 px), and a price per kg or 100 g is never
// broken inside ("(€1.66 per 100" over "g)", "(€1.40 per" over "l)").
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const sizes = { ...VIEWPORTS, '360 px phone': NARROW_PHONES['360 px'] };

/** A guest's cart holding the first result for milk twice: one single and one case. */
async function milkBothWays(page: Page): Promise<string> {
  await page.goto(`${shop.url}/`);
  return page.evaluate(async (path) => {
    const csrf = { 'x-csrf': '1' };
    const session = await fetch('/auth/guest', { method: 'POST', headers: csrf });
    if (!session.ok) throw new Error(`guest session ${session.status}`);
    const search = await fetch('/api/services/catalogue/api/v1/search?q=milk');
    const { items } = (await search.json()) as {
      items: { name: string; offering: { id: string; caseSize: number; available: boolean } }[];
    };
    const milk = items.find((item) => item.offering.available && item.offering.caseSize > 1)!;
    for (const byCase of [false, true]) {
      const put = await fetch(path, {
        method: 'PUT',
        headers: { ...csrf, 'content-type': 'application/json' },
        body: JSON.stringify({ offeringId: milk.offering.id, quantity: 1, byCase }),
      });
      if (!put.ok) throw new Error(`cart ${put.status}`);
    }
    return milk.name;
  }, bookingPaths.item('fresh'));
}

describe.each(Object.entries(sizes))('product cards on a %s', (_size, viewport) => {
  it('keep each stepper’s −, count and + on one line', async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const name = await milkBothWays(page);
    await page.goto(`${shop.url}/search/milk`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const steppers = page
      .locator('.product-card', { hasText: name })
      .first()
      .locator('form.quantity-stepper');
    await expect.poll(() => steppers.count()).toBe(2);
    const lines = await steppers.evaluateAll((forms) =>
      forms.map((form) => {
        const parts = [...form.querySelectorAll('button, output')].map((part) => {
          const box = part.getBoundingClientRect();
          return Math.round(box.top + box.height / 2);
        });
        return new Set(parts).size;
      }),
    );
    expect(lines).toEqual([1, 1]);
    await context.close();
  });

  it('never break a card’s price per kg or per 100 g over two lines', async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const broken: string[] = [];
    let seen = 0;
    for (const path of ['/search/milk', '/brands/green-valley']) {
      await page.goto(`${shop.url}${path}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      // The short form a card shows (the words a screen reader says are visually hidden).
      const prices = await page
        .locator('.product-card .price-single [aria-hidden="true"]')
        .evaluateAll((spans) =>
          spans.map((span) => ({
            text: span.textContent ?? '',
            lines: new Set([...span.getClientRects()].map((r) => Math.round(r.top))).size,
          })),
        );
      seen += prices.length;
      broken.push(...prices.filter((p) => p.lines > 1).map((p) => `${path}: ${p.text}`));
    }
    expect(seen).toBeGreaterThan(10);
    expect(broken).toEqual([]);
    await context.close();
  });
});
