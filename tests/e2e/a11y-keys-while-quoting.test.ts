import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { checkoutWithMilk } from '../support/checkout-with-milk';
import { focused } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';

// Keys pressed while the page on screen is fetched again (docs/decisions/0382): the layout made
// <main> inert from a navigation's new location until React showed it (ADR 0208), for a slot's
// quote too, so the focused slot lost the focus to <body> for that moment and an arrow pressed
// then chose nothing (on a loaded machine, a second arrow after the first quote). The same page,
// after a GET or a post, keeps <main> taking input; another page is still held.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Records each time <main> goes inert, however briefly. */
const watchInert = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main')!;
    const seen: boolean[] = [];
    (window as unknown as { inertSeen: boolean[] }).inertSeen = seen;
    new MutationObserver(() => seen.push(main.inert)).observe(main, {
      attributes: true,
      attributeFilter: ['inert'],
    });
  });
const inertSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { inertSeen: boolean[] }).inertSeen);
const checkedSlot = (page: Page) =>
  page.locator('input[name="slotId"]:checked').getAttribute('value');
const quoteOf = (page: Page) =>
  page.waitForRequest((request) => request.method() === 'GET' && /[?&]slotId=/.test(request.url()));

describe('keys while the checkout is quoted again', () => {
  it('a slot’s quote leaves <main> taking keys and the focus on the slot', async () => {
    const page = await checkoutWithMilk(browser, shop.url);
    await reactHandles(page, 'input[name="slotId"]');
    await page.locator('input[name="slotId"]:checked').focus();
    await watchInert(page);
    const quoted = quoteOf(page);
    await page.keyboard.press('ArrowRight');
    await quoted;
    const chosen = await checkedSlot(page);
    await page.waitForURL(new RegExp(`slotId=${chosen}`));
    await page.locator('.slot-chosen').getByText(/./).first().waitFor();
    await expect.poll(() => page.locator('.navigation-progress').count()).toBe(0);
    expect(await inertSeen(page)).toEqual([]);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(
      chosen,
    );
    expect(await focused(page)).toMatchObject({ tag: 'input', name: 'slotId' });
    await page.context().close();
  });

  it('on a slow phone, an arrow pressed while the last choice is quoted chooses', async () => {
    const page = await checkoutWithMilk(browser, shop.url);
    await reactHandles(page, 'input[name="slotId"]');
    // A phone's CPU, twelve times slower: the quote's answer takes a while to show.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
    const slots = await page
      .locator('input[name="slotId"]:not([disabled])')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await page.locator('input[name="slotId"]:checked').focus();
    const start = slots.indexOf((await checkedSlot(page))!);
    // Each arrow once the last choice's quote has answered, while React reads and shows it. (Not
    // the answer's `finished()`: a quote whose totals moved is replaced by the page's next URL, and
    // Playwright never settles the first answer's end then.)
    for (const step of [1, 2, 3]) {
      const quoted = quoteOf(page);
      await page.keyboard.press('ArrowRight');
      const quote = await quoted;
      expect(new URL(quote.url()).searchParams.get('slotId')).toBe(slots[start + step]);
      await quote.response();
    }
    await page.waitForURL(new RegExp(`slotId=${slots[start + 3]}`));
    await page.context().close();
  });

  it('a post back to the checkout keeps <main> taking keys; another page holds it', async () => {
    const page = await checkoutWithMilk(browser, shop.url);
    await watchInert(page);
    const before = await page.locator('#addressId-choices').getByRole('radio').count();
    await page.getByText('Add a new address').click();
    const form = page.locator('form#add-address');
    await form.getByRole('textbox', { name: "Recipient's name" }).fill('Sam Shopper');
    await form.getByRole('textbox', { name: 'Address', exact: true }).fill('4 Key Lane');
    await form.getByRole('textbox', { name: 'Postcode' }).fill('D04 C932');
    await form.getByRole('textbox', { name: 'Town or city' }).fill('Dublin');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect
      .poll(() => page.locator('#addressId-choices').getByRole('radio').count())
      .toBe(before + 1);
    expect(await inertSeen(page)).toEqual([]);
    // Another page's code may not be there yet: the checkout is held until it is shown (ADR 0208).
    await page.evaluate(() => {
      const router = (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
      ).__reactRouterDataRouter;
      router.navigate('/orders');
    });
    await page.waitForURL(/\/orders$/);
    await expect.poll(() => inertSeen(page)).toEqual([true, false]);
    await page.context().close();
  });
});
