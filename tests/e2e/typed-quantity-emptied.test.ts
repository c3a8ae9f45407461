import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { signedIn } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';

// A shopper clears an order line's quantity to type a new one and presses Enter too soon
// (docs/decisions/0339): the field says "Enter a quantity" and the line stays. An emptied field
// was read as 0, which removed the line without a word.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('an emptied quantity in the order lines editor', () => {
  it.each([true, false])(
    'is refused beside its field, JavaScript %s',
    async (javaScriptEnabled) => {
      const { context, page } = await signedIn(browser, shop.url, javaScriptEnabled);
      await page.goto(`${shop.url}/orders/ord-fresh-demo-3`);
      if (javaScriptEnabled) {
        await page.waitForSelector('html[data-hydrated="true"]');
        await reactHandles(page, 'form.lines-editor');
      }
      const lines = page.locator('form.lines-editor tbody tr');
      const before = await lines.count();
      expect(before).toBeGreaterThan(1);
      // What a typed 0 does is said before anyone types it, not only in an error.
      expect(await page.getByRole('table', { name: /0 removes an item/ }).count()).toBe(1);

      const quantity = page.locator('form.lines-editor #quantity-1');
      await quantity.fill('');
      await quantity.press('Enter');
      // Whichever the page says: the refusal, or (as it did) that the items were saved.
      await page
        .getByText(/Enter a quantity|Your order’s items are updated/)
        .first()
        .waitFor();
      expect(await lines.count()).toBe(before);
      expect(await page.locator('#quantity-1-error').textContent()).toBe('Enter a quantity');
      expect(await quantity.getAttribute('aria-invalid')).toBe('true');
      // The order itself kept the line: read afresh.
      await page.goto(`${shop.url}/orders/ord-fresh-demo-3`);
      expect(await lines.count()).toBe(before);
      await context.close();
    },
  );
});
