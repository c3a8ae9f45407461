import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { launchChromium, reactHandles } from '../support/browser';
import { focused, signedIn } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';

// Three things a keyboard and screen-reader shopper met, in Chromium (docs/decisions/0335): the
// header's cart count changed unsaid; "Remove selected (n)" left the focus on its own button,
// disabled or gone; the consent banner was the page's last stop for Tab. Before, the header had no
// live region, the focus stayed on the disabled button (or fell to <body>), and the first Tab
// went to the skip link with the banner after the footer.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function guestOn(path: string, ...islands: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${shop.url}${path}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  for (const island of islands) await reactHandles(page, island);
  return page;
}

/** The header's live region for the cart count (a node the page had before any change). */
const spoken = (page: Page) => page.locator('.cart-widget [role="status"]');
const said = (page: Page) => spoken(page).textContent();

/** "Add 1" on the nth card that has one, from the keyboard; waits for the header's count. */
async function addFromCard(page: Page, n: number, items: number) {
  await page
    .locator('.product-card')
    .filter({ has: page.locator('.quantity-add:not([disabled])') })
    .nth(n)
    .getByRole('button', { name: /^Add 1 / })
    .press('Enter');
  await expect.poll(() => page.locator('.cart-summary').textContent()).toMatch(`${items} item`);
}

describe("the header's cart count, to a screen reader", () => {
  it('is said politely after the shopper’s change, not on load nor when read again', async () => {
    const page = await guestOn('/search/milk', '.product-grid .quantity-add', '.cart-button');
    // There on load, silent: a region a screen reader already tracks when the count moves.
    expect(await spoken(page).count()).toBe(1);
    expect(await said(page)).toBe('');
    await spoken(page).evaluate((region) => ((window as { region?: Element }).region = region));

    await addFromCard(page, 0, 1);
    await expect.poll(() => said(page)).toBe('Cart: 1 item.');
    await addFromCard(page, 1, 2);
    await expect.poll(() => said(page)).toBe('Cart: 2 items.');
    expect(
      await spoken(page).evaluate((region) => (window as { region?: Element }).region === region),
    ).toBe(true);

    // The next page load starts from that cart, and says nothing.
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(page, '.cart-button');
    expect(await page.locator('.cart-summary').textContent()).toMatch('2 items');
    expect(await said(page)).toBe('');
    // The cart changed elsewhere (another tab) and read again here: the count moves, unsaid.
    const other = await page.context().newPage();
    await other.goto(`${shop.url}/search/milk`);
    await other.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(other, '.product-grid .quantity-add');
    await addFromCard(other, 2, 3);
    await other.close();
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('cart:updated', { detail: { booking: null, source: 'external' } }),
      ),
    );
    await expect.poll(() => page.locator('.cart-summary').textContent()).toMatch('3 items');
    expect(await said(page)).toBe('');
    await page.context().close();
  });

  it('leaves a list’s fill to its own notice', async () => {
    const { context, page } = await signedIn(browser, shop.url);
    await page.goto(`${shop.url}/shopping-lists`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(page, 'form.fill-buttons');
    await reactHandles(page, '.cart-button');
    const before = await page.locator('.cart-summary').textContent();
    await page.getByRole('button', { name: 'Add all to cart' }).press('Enter');
    await page.locator('.notice').filter({ hasText: 'added to your cart.' }).waitFor();
    await expect.poll(() => page.locator('.cart-summary').textContent()).not.toBe(before);
    expect(await spoken(page).count()).toBe(1);
    expect(await said(page)).toBe('');
    await context.close();
  });
});

describe('"Remove selected (n)" from the keyboard', () => {
  it('gives the focus to a notice of what went, with lines left and with none', async () => {
    const page = await guestOn('/search/milk', '.product-grid .quantity-add', '.cart-button');
    for (const n of [0, 1, 2]) await addFromCard(page, n, n + 1);
    await page.getByRole('link', { name: /^Cart/ }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Your cart' });
    const boxes = dialog.getByRole('checkbox');
    await expect.poll(() => boxes.count()).toBe(3);
    await boxes.nth(0).press('Space');
    await boxes.nth(1).press('Space');
    await dialog.getByRole('button', { name: 'Remove selected (2)' }).press('Enter');
    await expect.poll(() => boxes.count()).toBe(1);
    await expect
      .poll(() => focused(page))
      .toMatchObject({
        role: 'status',
        text: '2 products removed from your cart.',
        inDialog: true,
      });
    // Tab goes on to the line left.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'input', inDialog: true });

    await boxes.first().press('Space');
    await dialog.getByRole('button', { name: 'Remove selected (1)' }).press('Enter');
    await dialog.getByText('Your cart is empty.').waitFor();
    await expect
      .poll(() => focused(page))
      .toMatchObject({
        role: 'status',
        text: '1 product removed from your cart.',
        inDialog: true,
      });
    await page.context().close();
  });
});

describe('the consent banner from the keyboard', () => {
  for (const javaScriptEnabled of [true, false])
    it(`is the first stop of Tab, a region named by its heading (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const context = await browser.newContext({ javaScriptEnabled, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${shop.url}/`);
      if (javaScriptEnabled) await page.waitForSelector('html[data-hydrated="true"]');
      expect(await page.locator('.consent-banner').isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Accept' });
      // A landmark a screen reader lists, named by its heading.
      const banner = page.getByRole('region', { name: 'Privacy choices' });
      expect(await banner.getByRole('button', { name: 'Accept' }).isVisible()).toBe(true);
      // Then the skip link, which still leads past the header.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ tag: 'summary', text: 'Choose' });
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to content' });
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
});
