import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { notTheShops } from '../support/house-buttons';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// The consent banner of a first visit shows the shop's buttons, not the browser's grey ones
// (docs/decisions/0389), and Accept and Decline look the same: neither choice is the easier one.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe.each(Object.entries(VIEWPORTS))('the consent banner on a %s', (_size, viewport) => {
  it('Accept, Decline and Save my choice are the shop’s buttons, Accept as Decline', async () => {
    const context = await browser.newContext({ viewport, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.url}/`);
    const banner = page.getByRole('region', { name: 'Privacy choices' });
    await banner.getByText('Choose').click();
    expect(await notTheShops(page, 'button', '.consent-banner')).toEqual({ controls: 3, odd: [] });
    const looks = await banner
      .getByRole('button', { name: /^(Accept|Decline)$/ })
      .evaluateAll((buttons) =>
        buttons.map((button) => {
          const style = getComputedStyle(button);
          return [style.backgroundColor, style.color, style.fontWeight, style.height].join(' ');
        }),
      );
    expect(looks).toHaveLength(2);
    expect(looks[0]).toBe(looks[1]);
    await context.close();
  });
});
