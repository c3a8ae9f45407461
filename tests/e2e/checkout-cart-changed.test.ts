import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../client/lib/money';
import { launchChromium, reactHandles } from '../support/browser';
import { focused } from '../support/focus';
import { fillGuestOrderForm } from '../support/guest-order-form';
import { startShop, type TestShop } from '../support/shop';

// The checkout pages' lines and totals follow the cart (ADR 0319), in Chromium with JavaScript,
// signed in and as a guest: a quantity changed in the header's cart panel, or the cart changed in
// another tab and the page shown again, reloads the page's data, the choices and fields as they
// were; a cart changed where the page cannot see it (another device) is caught when "Place order"
// arrives: the page says so with the new total, and places nothing. Before, the page kept the
// totals it was loaded with, and the order was placed under them.
let shop: TestShop;
let browser: Browser;
type Item = { id: string; name: string };
let item: Item;
const money = (cents: number) => formatCents(cents, { currency: 'EUR', locale: 'en-IE' });

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const { rows } = await shop.platform.db.query<Item>(
    `select o.id, p.name from offerings o join products p on p.id = o.product_id
      where o.tenant_id = 'fresh' and o.available and o.price_single_cents > 0 order by o.id limit 1`,
  );
  item = rows[0]!;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Sets a line's quantity through the booking API: no event reaches the checkout's page. */
const putInCart = (page: Page, quantity: number) =>
  page.evaluate(
    async ({ offeringId, quantity }) => {
      const put = await fetch('/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh/item', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-csrf': '1' },
        body: JSON.stringify({ offeringId, quantity, byCase: false }),
      });
      if (!put.ok) throw new Error(`cart ${put.status}`);
    },
    { offeringId: item.id, quantity },
  );

/** The platform's total of the cart as it is now, in the page's slot. */
async function cartTotal(page: Page): Promise<string> {
  const slotId = await page.locator('input[name="slotId"]:checked').getAttribute('value');
  const total = await page.evaluate(async (slotId) => {
    const quote = await fetch('/api/services/orders/api/v1/orders/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1' },
      body: JSON.stringify({ slotId }),
    });
    return ((await quote.json()) as { total: number }).total;
  }, slotId);
  return money(total);
}

/** The cart's total once it is no longer `before` (the panel's change reached the platform). */
async function newCartTotal(page: Page, before: string | null): Promise<string> {
  await expect.poll(() => cartTotal(page), { timeout: 10_000 }).not.toBe(before);
  return cartTotal(page);
}

const shownTotal = (page: Page) => page.getByTestId('order-total').textContent();
const shownQuantity = (page: Page) =>
  page
    .getByRole('table', { name: 'Items in your cart' })
    .getByRole('row', { name: new RegExp(item.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .getByRole('cell')
    .first()
    .textContent();

async function signedIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${shop.url}/`);
  const status = await page.evaluate(async () => {
    const response = await fetch('/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1' },
      body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
    });
    return response.status;
  });
  expect(status).toBe(200);
  return page;
}

async function guest(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${shop.url}/`);
  await page.evaluate(async () => {
    const guest = await fetch('/auth/guest', { method: 'POST', headers: { 'x-csrf': '1' } });
    if (!guest.ok) throw new Error(`guest ${guest.status}`);
  });
  return page;
}

/** A checkout page, its code running, with one line of 1 of `item` in the cart. */
async function checkoutWithOneItem(page: Page, path: string) {
  await putInCart(page, 1);
  await page.goto(`${shop.url}${path}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await reactHandles(page, 'input[name="slotId"]');
  expect(await shownTotal(page)).toBe(await cartTotal(page));
}

/** One more of `item` with the "+" of the header's cart panel, then the panel closed. */
async function addOneInPanel(page: Page) {
  await page.getByRole('link', { name: /^Cart/ }).click();
  const panel = page.getByRole('dialog', { name: 'Your cart' });
  await panel.getByRole('button', { name: /^Increase quantity of .+ \(singles\)$/ }).click();
  await panel.locator('output').filter({ hasText: /^2$/ }).waitFor();
  await panel.getByRole('button', { name: 'Close cart' }).click();
}

/** "Place order" under the totals shown: refused with the notice, or placed (`placed`: its URL). */
async function placeUnderOldTotals(page: Page, placed: RegExp): Promise<string> {
  await page.getByRole('button', { name: 'Place order' }).click();
  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'Your cart changed: check the new total.' });
  return Promise.race([
    notice.waitFor().then(() => 'refused'),
    page.waitForURL(placed).then(() => 'placed'),
  ]).catch((error: Error) => error.message);
}

const box = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

describe('the signed-in checkout, with JavaScript', () => {
  it('follows a quantity changed in the cart panel, the choices kept, and places that order', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await signedIn(context);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await checkoutWithOneItem(page, '/checkout');
      await page.getByRole('radio', { name: /Grand Canal Dock Offices/ }).check();
      await page.getByRole('radio', { name: /€/, checked: false }).first().check();
      await page.waitForURL(/slotId=/);
      const slotId = await page.locator('input[name="slotId"]:checked').getAttribute('value');
      await page.getByRole('textbox', { name: /Notes for the shop/ }).fill('Ring twice');
      const before = await shownTotal(page);

      await addOneInPanel(page);
      const after = await newCartTotal(page, before);
      await expect.poll(() => shownTotal(page), { timeout: 10_000 }).toBe(after);
      expect(await shownQuantity(page)).toBe('2');
      expect(await page.getByRole('radio', { name: /Grand Canal Dock Offices/ }).isChecked()).toBe(
        true,
      );
      expect(await page.locator(`input[name="slotId"][value="${slotId}"]`).isChecked()).toBe(true);
      expect(await page.getByRole('textbox', { name: /Notes for the shop/ }).inputValue()).toBe(
        'Ring twice',
      );

      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/orders\/ord-[0-9a-f]+\?done=placed/);
      await page.getByText('Your order is placed').waitFor();
      expect(await page.getByText(after).count()).toBeGreaterThan(0);
      expect(await page.getByText('Grand Canal Dock Offices').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('follows the cart changed in another tab once the page is shown again', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await signedIn(context);
    const reloads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/checkout.data') reloads.push(request.url());
    });
    try {
      await checkoutWithOneItem(page, '/checkout');
      const before = await shownTotal(page);
      // Shown again, the cart as it was: the header's widget reads it, the page loads nothing.
      const read = page.waitForResponse(
        (r) => r.request().method() === 'GET' && r.url().endsWith('/bookings/cart/tenant/fresh'),
      );
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await read;
      await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
      expect(reloads).toEqual([]);

      const other = await context.newPage();
      await other.goto(`${shop.url}/`);
      await putInCart(other, 3);
      await other.close();
      await page.bringToFront();
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      const after = await newCartTotal(page, before);
      await expect.poll(() => shownTotal(page), { timeout: 10_000 }).toBe(after);
      expect(await shownQuantity(page)).toBe('3');
      expect(reloads).toHaveLength(1);
    } finally {
      await putInCart(page, 0);
      await context.close();
    }
  });

  it('refuses "Place order" under totals the cart no longer has, and shows the new ones', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await signedIn(context);
    try {
      await checkoutWithOneItem(page, '/checkout');
      await page.getByRole('radio', { name: /Grand Canal Dock Offices/ }).check();
      // Another device: nothing tells this page.
      await putInCart(page, 2);
      expect(await placeUnderOldTotals(page, /\/orders\/ord-/)).toBe('refused');
      // The notice takes the focus, as a refused field's message does (ADR 0308).
      await expect
        .poll(() => focused(page))
        .toMatchObject({ role: 'alert', text: 'Your cart changed: check the new total.' });
      expect(await shownTotal(page)).toBe(await cartTotal(page));
      expect(await shownQuantity(page)).toBe('2');
      expect(await page.getByRole('radio', { name: /Grand Canal Dock Offices/ }).isChecked()).toBe(
        true,
      );
      expect(page.url()).not.toMatch(/\/orders\//);

      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/orders\/ord-[0-9a-f]+\?done=placed/);
      expect(await page.getByText('Grand Canal Dock Offices').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});

describe('the guest checkout, with JavaScript', () => {
  it('follows a quantity changed in the cart panel, the form as typed, and places that order', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await guest(context);
    try {
      await checkoutWithOneItem(page, '/checkout/guest');
      await fillGuestOrderForm(page, { email: 'gus.guest@example.com', expiryYear: '2099' });
      const before = await shownTotal(page);

      await addOneInPanel(page);
      const after = await newCartTotal(page, before);
      await expect.poll(() => shownTotal(page), { timeout: 10_000 }).toBe(after);
      expect(await shownQuantity(page)).toBe('2');
      expect(await box(page, 'E-mail address').inputValue()).toBe('gus.guest@example.com');
      expect(await box(page, 'Town or city').inputValue()).toBe('Dublin');
      expect(await box(page, 'Card number').inputValue()).toBe('4242 4242 4242 4242');

      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/checkout\/guest\?placed=/);
      // The confirmation's totals (ADR 0377): the order placed at the total the page showed.
      await expect.poll(() => shownTotal(page), { timeout: 10_000 }).toBe(after);
    } finally {
      await context.close();
    }
  });

  it('refuses "Place order" under totals the cart no longer has, the form as typed', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await guest(context);
    try {
      await checkoutWithOneItem(page, '/checkout/guest');
      await fillGuestOrderForm(page, { email: 'gil.guest@example.com', expiryYear: '2099' });
      await putInCart(page, 2);
      expect(await placeUnderOldTotals(page, /\/checkout\/guest\?placed=/)).toBe('refused');
      await expect.poll(() => shownTotal(page)).toBe(await cartTotal(page));
      expect(await box(page, 'E-mail address').inputValue()).toBe('gil.guest@example.com');

      await box(page, 'Card number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/checkout\/guest\?placed=/);
    } finally {
      await context.close();
    }
  });
});
