import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { focused } from '../support/focus';
import { fillGuestOrderForm } from '../support/guest-order-form';
import { startShop, type TestShop } from '../support/shop';

// What a guest typed survives a cart the platform refuses (ADR 0317), in Chromium with and
// without JavaScript: a product in the cart is withdrawn from sale while the guest fills the order
// form, and "Place order" is refused for it. The reason shows above the form as typed (e-mail,
// address, phone, slot), the card number empty; once the product is out of the cart (another tab,
// the header's cart panel, the cart page and back), the order is placed without typing the rest
// again. Before, the page said only "Review your cart", the form and all of it gone.
let shop: TestShop;
let browser: Browser;
type Item = { id: string; name: string };
let withdrawn: Item;
let kept: Item;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const { rows } = await shop.platform.db.query<Item>(
    `select o.id, p.name from offerings o join products p on p.id = o.product_id
      where o.tenant_id = 'fresh' and o.available order by o.id limit 2`,
  );
  [withdrawn, kept] = rows as [Item, Item];
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const withdraw = (available: boolean) =>
  shop.platform.db.query('update offerings set available = $2 where id = $1', [
    withdrawn.id,
    available,
  ]);

/** A guest's page with both items in the cart (put with JavaScript, as the shop's buttons do). */
async function guestWithTwoItems(
  javaScript: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const setup = await browser.newContext();
  const start = await setup.newPage();
  await start.goto(`${shop.url}/`);
  await start.evaluate(
    async (ids) => {
      const guest = await fetch('/auth/guest', { method: 'POST', headers: { 'x-csrf': '1' } });
      if (!guest.ok) throw new Error(`guest ${guest.status}`);
      for (const offeringId of ids) {
        const put = await fetch('/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh/item', {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-csrf': '1' },
          body: JSON.stringify({ offeringId, quantity: 1, byCase: false }),
        });
        if (!put.ok) throw new Error(`cart ${put.status}`);
      }
    },
    [withdrawn.id, kept.id],
  );
  const storageState = await setup.storageState();
  await setup.close();
  const context = await browser.newContext({
    javaScriptEnabled: javaScript,
    storageState,
    viewport: { width: 1280, height: 800 },
  });
  return { context, page: await context.newPage() };
}

const EMAIL = 'grace.kept@example.com';
const box = (page: Page, name: string, exact = false) => page.getByRole('textbox', { name, exact });
const removeLabel = (item: Item) =>
  new RegExp(
    `^Remove (${item.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|${item.id}) \\(singles\\)$`,
  );

/** Fills the whole form, a slot of the second day chosen; gives that slot's id. */
async function fillForm(page: Page, javaScript: boolean): Promise<string> {
  await fillGuestOrderForm(page, { email: EMAIL, expiryYear: '2099' });
  await box(page, 'Phone').fill('+353 1 555 0100');
  if (javaScript) await reactHandles(page, 'input[name="slotId"]');
  await page.locator('.slot-day-tab').nth(1).click();
  const other = page.locator('.slot-day:visible input[name="slotId"]:not([disabled])').first();
  const slotId = (await other.getAttribute('value'))!;
  await other.check();
  if (javaScript) await page.waitForURL(new RegExp(`slotId=${slotId}`));
  return slotId;
}

/**
 * The guest checkout typed in full, the product withdrawn, "Place order": refused above the form
 * as typed. The chosen slot's id.
 */
async function typedThenRefused(page: Page, javaScript: boolean): Promise<string> {
  await page.goto(`${shop.url}/checkout/guest`);
  if (javaScript) await page.waitForSelector('html[data-hydrated="true"]');
  const slotId = await fillForm(page, javaScript);
  await withdraw(false);
  await page.getByRole('button', { name: 'Place order' }).click();
  if (!javaScript) await page.waitForLoadState();
  await expectRefusedAsTyped(page, slotId);
  return slotId;
}

/** The refusal above the form, and the form as typed but the card number. */
async function expectRefusedAsTyped(page: Page, slotId: string) {
  await page
    .getByRole('alert')
    .filter({ hasText: `Cannot order: ${withdrawn.name} (${withdrawn.id}) is not available.` })
    .waitFor();
  await page.getByRole('link', { name: 'Review your cart' }).waitFor();
  expect(await page.getByRole('button', { name: 'Place order' }).count()).toBe(0);
  await expectTyped(page, slotId);
  expect(await box(page, 'Card number').inputValue()).toBe('');
  // The reason takes the focus, as a refused field's message does (ADR 0308).
  await expect
    .poll(() => focused(page))
    .toMatchObject({ tag: 'p', role: 'alert', text: expect.stringContaining(withdrawn.id) });
}

async function expectTyped(page: Page, slotId: string) {
  expect(await box(page, 'E-mail address').inputValue()).toBe(EMAIL);
  expect(await box(page, "Recipient's name").inputValue()).toBe('Grace Guest');
  expect(await box(page, 'Address', true).inputValue()).toBe('7 Harbour Rd');
  expect(await box(page, 'Postcode').inputValue()).toBe('D01 F5P2');
  expect(await box(page, 'Town or city').inputValue()).toBe('Dublin');
  expect(await box(page, 'Phone').inputValue()).toBe('+353 1 555 0100');
  // Chosen, and on screen: its day's tab is the one shown.
  const slot = page.locator(`input[name="slotId"][value="${slotId}"]`);
  expect(await slot.isChecked()).toBe(true);
  expect(await slot.isVisible()).toBe(true);
}

/** Removes the withdrawn item on the cart page `cart` is on. */
async function removeOnCartPage(cart: Page) {
  // With JavaScript the cart page's islands hydrate at idle (ADR 0204): the click waits for them.
  await cart.waitForLoadState('networkidle');
  const remove = cart
    .getByRole('list', { name: 'Cart items' })
    .getByRole('button', { name: removeLabel(withdrawn) });
  await remove.click();
  await remove.waitFor({ state: 'detached' });
}

/** Types the card number again, places the order; the order holds the item kept only. */
async function placeWithCard(page: Page) {
  await box(page, 'Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/checkout\/guest\?placed=/);
  await page.getByRole('status').filter({ hasText: 'is placed' }).waitFor();
  const lines = page.getByRole('table', { name: 'Items in your order' });
  expect(await lines.getByText(kept.name).count()).toBe(1);
  expect(await lines.getByText(withdrawn.name).count()).toBe(0);
}

describe('a guest order refused for a product withdrawn meanwhile', () => {
  it('without JavaScript: the form as typed, put right in another tab, checked and placed', async () => {
    const { context, page } = await guestWithTwoItems(false);
    try {
      const slotId = await typedThenRefused(page, false);

      // The guest takes it out of the cart in another tab, then asks this page to check again.
      const other = await context.newPage();
      await other.goto(`${shop.url}/cart`);
      await removeOnCartPage(other);
      await other.close();
      await page.getByRole('button', { name: 'Check my cart again' }).click();
      await page.getByRole('button', { name: 'Place order' }).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      await expectTyped(page, slotId);
      expect(await box(page, 'Card number').inputValue()).toBe('');
      await placeWithCard(page);
    } finally {
      await withdraw(true);
      await context.close();
    }
  });

  it('with JavaScript: the form as typed, put right in the cart panel, placed', async () => {
    const { context, page } = await guestWithTwoItems(true);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      const slotId = await typedThenRefused(page, true);

      // The header's cart panel: the page sees the cart change and shows the order again.
      await page.getByRole('link', { name: /^Cart/ }).click();
      const panel = page.getByRole('dialog', { name: 'Your cart' });
      await panel.getByRole('button', { name: removeLabel(withdrawn) }).click();
      await page.getByRole('button', { name: 'Place order', includeHidden: true }).waitFor({
        state: 'attached',
      });
      await panel.getByRole('button', { name: 'Close cart' }).click();
      expect(await page.getByRole('alert').count()).toBe(0);
      await expectTyped(page, slotId);
      expect(await box(page, 'Card number').inputValue()).toBe('');
      await placeWithCard(page);
      // The tab's draft of the details goes with the order placed.
      expect(await page.evaluate(() => sessionStorage.getItem('guest-order-draft'))).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await withdraw(true);
      await context.close();
    }
  });

  it('with JavaScript: put right in another tab, the page checks again when shown', async () => {
    const { context, page } = await guestWithTwoItems(true);
    try {
      const slotId = await typedThenRefused(page, true);

      const other = await context.newPage();
      await other.goto(`${shop.url}/cart`);
      await removeOnCartPage(other);
      await other.close();
      // Back to this tab: the browser says the page is shown again.
      await page.bringToFront();
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await page.getByRole('button', { name: 'Place order' }).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      await expectTyped(page, slotId);
      await placeWithCard(page);
    } finally {
      await withdraw(true);
      await context.close();
    }
  });

  it('with JavaScript: to the cart page and back, the details but the card are there', async () => {
    const { context, page } = await guestWithTwoItems(true);
    try {
      const slotId = await typedThenRefused(page, true);

      await page.getByRole('link', { name: 'Review your cart' }).click();
      await page.waitForURL(`${shop.url}/cart`);
      // The tab keeps no field of the card.
      const draft = await page.evaluate(() => sessionStorage.getItem('guest-order-draft'));
      expect(JSON.parse(draft!)).toMatchObject({ email: EMAIL, phone: '+353 1 555 0100', slotId });
      expect(draft).not.toMatch(/4242|cardNumber|holderName|expiry/);
      await removeOnCartPage(page);

      await page.getByRole('link', { name: 'Check out as a guest' }).click();
      await page.waitForURL(new RegExp(`/checkout/guest\\?slotId=${slotId}`));
      await expect.poll(() => box(page, 'E-mail address').inputValue()).toBe(EMAIL);
      await page.getByRole('button', { name: 'Place order' }).waitFor();
      await expectTyped(page, slotId);
      expect(await box(page, 'Card number').inputValue()).toBe('');
      expect(await box(page, 'Name on the card').inputValue()).toBe('');
    } finally {
      await withdraw(true);
      await context.close();
    }
  });
});
