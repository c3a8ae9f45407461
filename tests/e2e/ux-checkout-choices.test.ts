import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { focused } from '../support/focus';
import { checkoutWithMilk as milkCheckout } from '../support/checkout-with-milk';
import { startShop, type TestShop } from '../support/shop';

// The checkout's choices walked at 375 px with JavaScript, as a shopper would (docs/decisions/0377):
// "Save address" left its form open with what was typed, the focus on the button, so a second
// press made the same address again (three "3 Walk Lane" in a row); and by keyboard, Enter on a
// delivery slot (to pick it, as the arrows had) placed the order.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const checkoutWithMilk = () => milkCheckout(browser, shop.url);

const addressChoices = (page: Page) =>
  page.locator('#addressId-choices').getByRole('radio').count();

describe('the checkout’s choices', () => {
  it('a saved address: its form closes empty, the new address chosen and focused', async () => {
    const page = await checkoutWithMilk();
    const before = await addressChoices(page);
    await page.getByText('Add a new address').click();
    const form = page.locator('form#add-address');
    await form.getByRole('textbox', { name: "Recipient's name" }).fill('Sam Shopper');
    await form.getByRole('textbox', { name: 'Address', exact: true }).fill('3 Walk Lane');
    await form.getByRole('textbox', { name: 'Postcode' }).fill('D04 C932');
    await form.getByRole('textbox', { name: 'Town or city' }).fill('Dublin');
    await form.getByRole('button', { name: 'Save address' }).press('Enter');

    await expect.poll(() => addressChoices(page)).toBe(before + 1);
    const added = page.getByRole('radio', { name: /3 Walk Lane, D04 C932 Dublin/ });
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'input', name: 'addressId' });
    expect(await added.isChecked()).toBe(true);
    expect(await added.evaluate((radio) => radio === document.activeElement)).toBe(true);
    // Closed, and empty when opened again: nothing to send twice.
    const details = page.locator('details.add-form', { hasText: 'Add a new address' });
    expect(await details.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(false);
    await page.getByText('Add a new address').click();
    expect(await form.getByRole('textbox', { name: "Recipient's name" }).inputValue()).toBe('');
    expect(await form.getByRole('textbox', { name: 'Address', exact: true }).inputValue()).toBe('');
    await page.context().close();
  });

  it('Enter on a delivery slot chooses it and places nothing', async () => {
    const page = await checkoutWithMilk();
    await reactHandles(page, 'input[name="slotId"]');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.locator('input[name="slotId"]:checked').focus();
    // The arrows choose, and each choice is quoted at once (a GET of the page).
    const choose = async () => {
      const quoted = page.waitForRequest(
        (request) => request.method() === 'GET' && /[?&]slotId=/.test(request.url()),
      );
      await page.keyboard.press('ArrowRight');
      await quoted;
      return page.locator('input[name="slotId"]:checked').getAttribute('value');
    };
    await choose();
    await page.keyboard.press('Enter');
    // Keys go in order: by the next choice's quote, an Enter that sent the form had posted it.
    const chosen = await choose();
    expect(posts).toEqual([]);
    await page.waitForURL(new RegExp(`slotId=${chosen}`));
    await page.getByRole('button', { name: 'Place order' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await page.context().close();
  });
});
