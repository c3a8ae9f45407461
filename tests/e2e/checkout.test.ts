import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// The checkout journey in Chromium: the demo shopper with items in the cart checks out, finds the
// order in /orders and orders it again (merging into the cart). Screenshots of the checkout and
// the order page at phone and desktop widths go to docs/screens/ with SCREENSHOTS=1 (the README's
// screens come from tests/e2e/screenshots.ts; a test run must not overwrite them by accident).
let shop: TestShop;
let browser: Browser;
const SHOOT = process.env.SCREENSHOTS === '1';

beforeAll(async () => {
  shop = await startShop();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function signedInShopper(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${shop.url}/`);
  await page.waitForSelector('html[data-hydrated="true"]');
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

/** Sets cart quantities through the booking API, as the cart controls would. */
function putInCart(page: Page, items: { offeringId: string; quantity: number; byCase: boolean }[]) {
  return page.evaluate(async (lines) => {
    for (const line of lines) {
      const response = await fetch(
        '/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh/item',
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-csrf': '1' },
          body: JSON.stringify(line),
        },
      );
      if (!response.ok) throw new Error(`cart ${response.status}`);
    }
  }, items);
}

function cartItems(
  page: Page,
): Promise<{ offeringId: string; quantity: number; byCase: boolean }[]> {
  return page.evaluate(
    async () =>
      (await (await fetch('/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh')).json())
        .items,
  );
}

async function offerings(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const { items } = await (await fetch('/api/services/catalogue/api/v1/search?q=cheese')).json();
    return items
      .filter((i: { offering: { available: boolean } }) => i.offering.available)
      .slice(0, 2)
      .map((i: { offering: { id: string } }) => i.offering.id);
  });
}

async function shoot(page: Page, name: string) {
  if (!SHOOT) return;
  for (const [size, viewport] of [
    ['phone', { width: 375, height: 812 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: `docs/screens/${name}-${size}.png`,
      fullPage: size === 'desktop',
    });
  }
}

describe('checkout in Chromium', () => {
  it('checks out, finds the order in /orders and reorders it into the cart', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await signedInShopper(context);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const [first, second] = await offerings(page);
    await putInCart(page, [
      { offeringId: first!, quantity: 2, byCase: false },
      { offeringId: second!, quantity: 1, byCase: true },
    ]);

    // The cart panel of the header, as the shopper sees it before checking out.
    await page.goto(`${shop.url}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('link', { name: /^Cart [1-9]\d* items?/ }).click();
    await page.getByRole('dialog').waitFor();
    await shoot(page, 'cart');
    await page.keyboard.press('Escape');

    await page.goto(`${shop.url}/checkout`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect(page.getByRole('radio', { name: /12 Merrion Square/ }).isChecked()).resolves.toBe(
      true,
    );
    await expect(page.getByRole('radio', { name: /Visa ending 4242/ }).isChecked()).resolves.toBe(
      true,
    );
    // Choosing a slot re-quotes: the delivery fee replaces "Choose a slot".
    // The earliest slot is chosen already (docs/decisions/0166): pick another one of that day.
    await page.getByRole('radio', { name: /€/, checked: false }).first().check();
    await page.waitForURL(/slotId=/);
    await page.getByText('Choose a slot').waitFor({ state: 'detached' });
    await shoot(page, 'checkout');

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/orders\/ord-[0-9a-f]+\?done=placed/);
    await page.getByText('Your order is placed').waitFor();
    const orderId = new URL(page.url()).pathname.split('/')[2]!;
    // The shopper reads the order's short number (docs/decisions/0165), the URL keeps the id.
    const orderTitle = (await page.locator('#order-title').textContent())!;
    expect(orderTitle).toMatch(/^Order \d{5}$/);
    await shoot(page, 'order');
    expect(await cartItems(page)).toEqual([]);

    await page.getByRole('link', { name: '← All orders' }).click();
    await page.waitForURL(`${shop.url}/orders`);
    await page.getByRole('link', { name: orderTitle }).click();
    await page.waitForURL(`${shop.url}/orders/${orderId}`);

    await putInCart(page, [{ offeringId: first!, quantity: 1, byCase: false }]);
    await page.getByRole('button', { name: 'Add to my cart' }).click();
    await page.waitForURL(`${shop.url}/checkout?reordered=added`);
    await page.getByText('The items of your past order were added to your cart.').waitFor();
    const cart = await cartItems(page);
    expect(
      cart
        .map(({ offeringId, quantity, byCase }) => ({ offeringId, quantity, byCase }))
        .sort((a, b) => a.offeringId.localeCompare(b.offeringId)),
    ).toEqual(
      [
        { offeringId: first!, quantity: 3, byCase: false },
        { offeringId: second!, quantity: 1, byCase: true },
      ].sort((a, b) => a.offeringId.localeCompare(b.offeringId)),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says in the page, not an error screen, when the cart became too large to order', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await signedInShopper(context);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const [first] = await offerings(page);
    await putInCart(page, [{ offeringId: first!, quantity: 1, byCase: false }]);
    await page.goto(`${shop.url}/checkout`);
    await page.waitForSelector('html[data-hydrated="true"]');

    // Meanwhile (another tab) the cart passes 10,000,000.00 (ADR 0061): 35 lines of 9999 cases.
    const { rows } = await shop.platform.db.query<{ id: string }>(
      `select id from offerings where tenant_id = 'fresh' and available
        order by price_case_cents desc, id limit 35`,
    );
    await putInCart(
      page,
      rows.map((row) => ({ offeringId: row.id, quantity: 9999, byCase: true })),
    );
    // Choosing a slot loads the checkout's data again, in the page (ADR 0314). A click, not
    // `check()`: the answer may show the page again before Playwright reads the radio's state
    // after its click, and a radio shown again as the page's quote has it is not the one clicked.
    await page.getByRole('radio', { name: /€/, checked: false }).first().click();
    await page.waitForURL(/slotId=/);
    await page.getByRole('alert').filter({ hasText: 'This order is too large' }).waitFor();
    await page.getByText('Remove some items from your cart, or lower their quantities').waitFor();
    expect(await page.getByRole('button', { name: 'Place order' }).count()).toBe(0);
    expect(await page.getByText(/^CID:/).count()).toBe(0);

    await page.getByRole('link', { name: 'Review your cart' }).click();
    await page.waitForURL(`${shop.url}/cart`);
    await page.getByRole('heading', { name: 'Your cart', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await shop.platform.db.query(
      "delete from cart_items where cart_uid in (select uid from carts where principal_id = 'acc-fresh-demo')",
    );
    await context.close();
  });
});
