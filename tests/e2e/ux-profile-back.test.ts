import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { signInDemo } from '../support/screens';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// The profile's parts, walked at 375 px (docs/decisions/0375): "← Your profile" was 24 px lower on
// "Your details" than on the addresses and the cards (its screen was laid out as the sign-in
// screens), and on a desktop it was centred with that screen's narrow column. Now in one place.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const PARTS = ['/profile/info', '/profile/delivery-address', '/profile/payment-methods'];

describe.each(Object.entries(VIEWPORTS))(
  'the way back to the profile on a %s',
  (_size, viewport) => {
    it('is in the same place on each part of the profile', async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signInDemo(page, shop.url);
      const places: Record<string, { top: number; left: number }> = {};
      for (const path of PARTS) {
        await page.goto(`${shop.url}${path}`);
        const back = page.getByRole('link', { name: '← Your profile' });
        places[path] = await back.evaluate((link) => {
          const box = link.getBoundingClientRect();
          return { top: Math.round(box.top + scrollY), left: Math.round(box.left + scrollX) };
        });
      }
      const [first] = Object.values(places);
      expect(places).toEqual(Object.fromEntries(PARTS.map((path) => [path, first])));
      await context.close();
    });
  },
);
