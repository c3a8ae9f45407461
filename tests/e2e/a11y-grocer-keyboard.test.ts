import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { focused, signedIn } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';

// A shopper without a mouse, in Chromium, with JavaScript: where the focus is after the steps
// that replace the control or the page the keyboard was on, and whether a fill's notice is in a
// live region a screen reader already knows (docs/decisions/0324). Before, the focus fell to
// <body> after "Add 1", after "−" to 0 and after a link to another page; the fill's notice came
// with a live region of its own.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function guestOn(path: string, island: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${shop.url}${path}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await reactHandles(page, island);
  return page;
}

describe('the add buttons from the keyboard', () => {
  it('"Add 1" gives the focus to its stepper’s +, and "−" to 0 gives it back to "Add 1"', async () => {
    const page = await guestOn('/search/milk', '.product-grid .quantity-add');
    const card = page
      .locator('.product-card')
      .filter({ has: page.locator('.quantity-add:not([disabled])') })
      .first();
    const name = (await card.locator('.product-card-name').textContent())!.trim();
    await card.getByRole('button', { name: `Add 1 ${name}`, exact: true }).press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'button', text: '+' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Increase quantity of ${name} (singles)`,
    );
    // The next key goes on from there: Enter adds another.
    await page.keyboard.press('Enter');
    await card
      .getByRole('status', { name: `Quantity of ${name} (singles)` })
      .filter({ hasText: '2' })
      .waitFor();

    const decrease = card.getByRole('button', { name: `Decrease quantity of ${name} (singles)` });
    await decrease.press('Enter');
    await decrease.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'button', text: 'Add 1' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Add 1 ${name}`,
    );
    await page.context().close();
  });
});

describe('"Remove" in the header’s cart panel from the keyboard', () => {
  it('gives the focus to the next line’s "Remove", the previous one’s, then the heading', async () => {
    const page = await guestOn('/search/milk', '.product-grid .quantity-add');
    await reactHandles(page, '.cart-button');
    const cards = page
      .locator('.product-card')
      .filter({ has: page.locator('.quantity-add:not([disabled])') });
    for (const n of [1, 2, 3]) {
      await cards
        .nth(n - 1)
        .getByRole('button', { name: /^Add 1 / })
        .press('Enter');
      await expect.poll(() => page.locator('.cart-summary').textContent()).toMatch(`${n} item`);
    }
    await page.getByRole('link', { name: /^Cart/ }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Your cart' });
    const removes = dialog.locator('.cart-line-remove');
    await expect.poll(() => removes.count()).toBe(3);
    const label = (i: number) => removes.nth(i).getAttribute('aria-label');
    const [second, third] = [await label(1), await label(2)];
    const activeLabel = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

    // The first line goes: the next line's "Remove" (now the first) has the focus.
    await removes.first().press('Enter');
    await expect.poll(() => removes.count()).toBe(2);
    await expect.poll(activeLabel).toBe(second);
    // The last line goes: the previous line's.
    await removes.nth(1).press('Enter');
    await expect.poll(() => removes.count()).toBe(1);
    await expect.poll(activeLabel).toBe(second);
    expect(third).not.toBe(second);
    // The only line goes: the panel's heading, in the dialog still open.
    await removes.first().press('Enter');
    await dialog.getByText('Your cart is empty.').waitFor();
    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'h2', text: 'Your cart', inDialog: true });
    await page.context().close();
  });
});

describe('a link to another page from the keyboard', () => {
  it('in the page: the new page’s heading has the focus, and Tab goes on in it', async () => {
    const page = await guestOn('/search/milk', '.product-grid');
    const link = page.locator('a.product-card-link').first();
    const name = (await link.locator('.product-card-name').textContent())!.trim();
    await link.press('Enter');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: name });
    await page.keyboard.press('Tab');
    // Not the skip link, the document's first stop: the page's own first link.
    expect(await focused(page)).toMatchObject({ tag: 'a', inDialog: false });
    expect(
      await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement)),
    ).toBe(true);
    await page.context().close();
  });

  it('in the header’s navigation: the focus leaves the link for the new page’s heading', async () => {
    const page = await guestOn('/', '.product-rail, .product-grid');
    const link = page.locator('.main-nav a, nav a[href^="/search"]').first();
    const href = (await link.getAttribute('href'))!;
    await link.focus();
    await link.press('Enter');
    await page.waitForURL((url) => url.pathname + url.search === href);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1' });
    await page.context().close();
  });
});

describe('"Add all to cart" with JavaScript', () => {
  it('says what it added in a live region that was there before, each time anew', async () => {
    const { context, page } = await signedIn(browser, shop.url);
    await page.goto(`${shop.url}/shopping-lists`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(page, 'form.fill-buttons');
    const button = page.getByRole('button', { name: 'Add all to cart' });
    type Marked = { regions: Element[] };
    /** Fills from the keyboard; whether the new notice is in a live region there before. */
    const fill = async () => {
      // The live regions before the fill, and the notices already shown (an earlier fill's).
      await page.evaluate(() => {
        (window as unknown as Marked).regions = [
          ...document.querySelectorAll('[role="status"], [role="alert"], [aria-live]'),
        ];
        for (const old of document.querySelectorAll('.notice')) old.setAttribute('data-old', '');
      });
      await button.press('Enter');
      // A new node each time: the same words again are announced again.
      const notice = page.locator('.notice:not([data-old])').filter({
        hasText: 'added to your cart.',
      });
      await notice.waitFor({ timeout: 10_000 });
      return notice.evaluate((p) =>
        (window as unknown as Marked).regions.some(
          (region) => region.isConnected && region !== p && region.contains(p),
        ),
      );
    };
    expect(await fill()).toBe(true);
    expect(await fill()).toBe(true);
    expect((await focused(page))?.text).toBe('Add all to cart');
    await context.close();
  });
});
