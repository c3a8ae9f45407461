import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { signInDemo } from '../support/screens';
import { startShop, type TestShop } from '../support/shop';

// Issue #29 item 5: the list print view has a Print button that opens the browser's print dialog
// (window.print) and is not on the printed page, nor is the consent banner.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('the shopping list print view', () => {
  it('prints with its Print button, which the printed page does not show', async () => {
    const page = await browser.newPage();
    await signInDemo(page, shop.url);
    await page.goto(`${shop.url}/shopping-lists/list-fresh-demo-weekly/print`);
    const print = page.getByRole('button', { name: 'Print' });
    await print.waitFor();
    // The print dialog itself cannot be seen headless: count the calls instead.
    await page.evaluate(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => void counted.printed++;
    });
    await print.click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // A visitor who has not made the consent choice has the banner at the page's top (ADR 0335):
    // on screen, not on the printed list.
    const banner = page.getByRole('region', { name: 'Privacy choices' });
    expect(await banner.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await print.isVisible()).toBe(false);
    expect(await banner.isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Weekly shop' }).isVisible()).toBe(true);
    // Sizes, cases and unit prices (.per) small, grey and not bold beside the product names, on
    // paper as on the list screen: lists.css styled them in .line-table only, so in the print
    // table's product cells (th) they were bold (and without forms.css, as in development, plain).
    const per = await page.locator('.print-table .per').evaluateAll((spans) =>
      spans.map((span) => {
        const own = getComputedStyle(span);
        const cell = getComputedStyle(span.parentElement!.closest('th, td')!);
        return {
          grey: own.color !== cell.color,
          smaller: parseFloat(own.fontSize) < parseFloat(cell.fontSize),
          normal: own.fontWeight === '400',
        };
      }),
    );
    expect(per.length).toBeGreaterThan(0);
    expect(per).toEqual(per.map(() => ({ grey: true, smaller: true, normal: true })));
    await page.close();
  });
});
