import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking';
import { cataloguePaths, type ProductList } from '../../shared/contracts/catalogue';
import { launchChromium } from '../support/browser';
import { signInDemo } from '../support/screens';
import { startShop, type TestShop } from '../support/shop';
import { NARROW_PHONES, VIEWPORTS } from '../support/viewports';

// The header on a phone beside a cart that holds a total of three figures (docs/decisions/0375):
// the shop's name took two lines ("Fresh" over "Market"), and at 320 px the cart ran past the
// screen's right edge. The name keeps one line, cut with an ellipsis where it must give way; its
// accessible name stays whole.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Fills the demo shopper's cart through the proxy until it costs more than €100. */
async function bigCart(page: Page) {
  const api = (path: string, method = 'GET', body?: unknown) =>
    page.evaluate(
      async ({ path, method, body }) => {
        const response = await fetch(path, {
          method,
          headers: { 'x-csrf': '1', 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return response.json();
      },
      { path, method, body },
    );
  const found = (await api(`${cataloguePaths.search}?q=wine`)) as ProductList;
  const offering = found.items.find((item) => item.offering.available)!.offering;
  const quantity = Math.ceil(10_000 / offering.priceSingleCents) + 1;
  await api(bookingPaths.item('fresh'), 'PUT', {
    offeringId: offering.id,
    quantity,
    byCase: false,
  });
}

const SIZES = { phone: VIEWPORTS.phone, ...NARROW_PHONES };

describe.each(Object.entries(SIZES))(
  'the shop’s name beside a total on a %s',
  (_size, viewport) => {
    it('keeps one line, clear of account and cart, all on the screen', async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signInDemo(page, shop.url);
      await bigCart(page);
      await page.goto(`${shop.url}/search/milk`);
      expect(await page.locator('.site-header .cart-summary').textContent()).toMatch(
        /items, €\d{3}\.\d{2}$/,
      );
      const name = page.getByRole('link', { name: 'Fresh Market, home' });
      const layout = await name.evaluate((link) => {
        const text = document.createRange();
        text.selectNodeContents(link);
        const lines = new Set([...text.getClientRects()].map((rect) => Math.round(rect.top)));
        const actions = document.querySelector('.site-header-actions')!.getBoundingClientRect();
        const cart = document.querySelector('.site-header .cart-button')!.getBoundingClientRect();
        return {
          lines: lines.size,
          clear: link.getBoundingClientRect().right <= actions.left,
          onScreen: cart.right <= window.innerWidth,
        };
      });
      expect(layout).toEqual({ lines: 1, clear: true, onScreen: true });
      await context.close();
    });
  },
);
