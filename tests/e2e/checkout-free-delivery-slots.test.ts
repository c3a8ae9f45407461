import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatCents } from '../../client/lib/money';
import { launchChromium, reactHandles } from '../support/browser';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';

// The checkout's slot list says what each slot costs this cart (ADR 0334), in Chromium with and
// without JavaScript: past the shop's free-delivery threshold every slot is free, its usual fee
// said beside it, and an order at another slot than the quoted one is placed free (not refused as
// "The delivery fee changed", ADR 0326); just under it, each slot's own fee; a slot that costs
// nothing anyway is free without a "usually". Before, the list showed "€4.95" beside each slot
// while the totals said delivery was free.
let shop: TestShop;
let browser: Browser;
let item: { id: string; price: number };
let freeFrom: number;
let usualFee: number;
const money = (cents: number) => formatCents(cents, { currency: 'EUR', locale: 'en-IE' });

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const { rows } = await shop.platform.db.query<{ id: string; price: number }>(
    `select o.id, o.price_single_cents as price from offerings o
      where o.tenant_id = 'fresh' and o.available and o.price_single_cents between 500 and 3000
      order by o.id limit 1`,
  );
  item = rows[0]!;
  const policy = await shop.platform.db.query<{ free_from_cents: number; fee: number }>(
    `select p.free_from_cents, (select max(fee_cents) from delivery_slot_templates t
       where t.tenant_id = p.tenant_id) as fee from delivery_policies p where p.tenant_id = 'fresh'`,
  );
  freeFrom = policy.rows[0]!.free_from_cents;
  usualFee = policy.rows[0]!.fee;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});
// What the pages logged as errors (a hydration mismatch among them): none.
let problems: string[] = [];
beforeEach(() => {
  problems = [];
});
afterEach(() => expect(problems).toEqual([]));

/** The demo shopper signed in (or a guest), the cart holding `quantity` of `item` alone. */
async function shopperWithCart(
  javaScript: boolean,
  quantity: number,
  guest = false,
): Promise<BrowserContext> {
  const setup = await browser.newContext();
  const page = await setup.newPage();
  await page.goto(`${shop.url}/`);
  await page.evaluate(
    async ({ demo, offeringId, quantity, guest }) => {
      const json = { 'content-type': 'application/json', 'x-csrf': '1' };
      const signIn = guest
        ? await fetch('/auth/guest', { method: 'POST', headers: { 'x-csrf': '1' } })
        : await fetch('/auth/sign-in', {
            method: 'POST',
            headers: json,
            body: JSON.stringify(demo),
          });
      if (!signIn.ok) throw new Error(`sign-in ${signIn.status}`);
      const cart = '/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh';
      const { items } = (await (await fetch(cart)).json()) as {
        items: { offeringId: string; byCase: boolean }[];
      };
      const lines = [
        ...items.map((line) => ({ ...line, quantity: 0 })),
        { offeringId, quantity, byCase: false },
      ];
      for (const line of lines) {
        const put = await fetch(`${cart}/item`, {
          method: 'PUT',
          headers: json,
          body: JSON.stringify(line),
        });
        if (!put.ok) throw new Error(`cart ${put.status}`);
      }
    },
    { demo: DEMO, offeringId: item.id, quantity, guest },
  );
  const storageState = await setup.storageState();
  await setup.close();
  return browser.newContext({
    javaScriptEnabled: javaScript,
    storageState,
    viewport: { width: 1280, height: 800 },
  });
}

/** The checkout page (`path`), its code running with JavaScript; its errors in `problems`. */
async function openCheckout(
  context: BrowserContext,
  javaScript: boolean,
  path = '/checkout',
): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(`${shop.url}${path}`);
  if (javaScript) {
    await page.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(page, 'input[name="slotId"]');
  }
  return page;
}

const bookable = '.slot-day:visible label.choice:not(.unavailable)';
/** What the shown day's bookable slots say of their fee. */
const slotFees = (page: Page) => page.locator(`${bookable} .choice-detail`).allTextContents();
const deliveryTotal = (page: Page) => page.locator('.totals dd').nth(1).textContent();

/** Another bookable slot than the quoted one, checked; its id. */
async function chooseAnotherSlot(page: Page, javaScript: boolean): Promise<string> {
  const other = page.locator(`${bookable} input[name="slotId"]:not(:checked)`).first();
  const slotId = (await other.getAttribute('value'))!;
  await other.check();
  if (javaScript) await page.waitForURL(new RegExp(`slotId=${slotId}`));
  return slotId;
}

/** "Place order", then the placed order's slot and fee from the platform's database. */
async function placeOrder(page: Page) {
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/orders\/ord-[0-9a-f]+\?done=placed/, { timeout: 30_000 });
  const orderId = /ord-[0-9a-f]+/.exec(page.url())![0];
  const { rows } = await shop.platform.db.query<{ slot_id: string; fee: number }>(
    'select slot_id, delivery_fee_cents as fee from orders where id = $1',
    [orderId],
  );
  return rows[0];
}

describe.each([
  ['with', true],
  ['without', false],
])('the checkout slot list %s JavaScript', (_, javaScript) => {
  it('says every slot is free past the threshold, and places another slot free', async () => {
    const context = await shopperWithCart(javaScript, Math.ceil(freeFrom / item.price));
    try {
      const page = await openCheckout(context, javaScript);
      expect(await deliveryTotal(page)).toBe('Free');
      const fees = await slotFees(page);
      expect(fees.length).toBeGreaterThan(1);
      expect(new Set(fees)).toEqual(new Set([`Free delivery (usually ${money(usualFee)})`]));
      const names = await page
        .locator(`${bookable} input[name="slotId"]`)
        .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('aria-label')));
      for (const name of names) expect(name).toMatch(/, free delivery \(usually €\d+\.\d\d\)$/);

      const slotId = await chooseAnotherSlot(page, javaScript);
      expect(await deliveryTotal(page)).toBe('Free');
      expect(await placeOrder(page)).toEqual({ slot_id: slotId, fee: 0 });
    } finally {
      await context.close();
    }
  });

  it("says each slot's own fee just under the threshold, and a slot free anyway as free", async () => {
    const quantity = Math.floor((freeFrom - 1) / item.price);
    const context = await shopperWithCart(javaScript, quantity);
    const { rows } = await shop.platform.db.query<{ id: string }>(
      `select id from delivery_slots where tenant_id = 'fresh' and starts_at > now() + interval '2 days'
        order by starts_at limit 1`,
    );
    const freeSlot = rows[0]!.id;
    await shop.platform.db.query('update delivery_slots set fee_cents = 0 where id = $1', [
      freeSlot,
    ]);
    try {
      const page = await openCheckout(context, javaScript);
      expect(await deliveryTotal(page)).toBe(money(usualFee));
      await page.getByText(`Spend ${money(freeFrom - quantity * item.price)} more`).waitFor();
      expect(new Set(await slotFees(page))).toEqual(new Set([money(usualFee)]));

      const slot = page.locator(`input[name="slotId"][value="${freeSlot}"]`);
      // Its day's tab first: the list shows one day at a time.
      await slot
        .locator('xpath=ancestor::div[contains(@class, "slot-day")][1]/preceding-sibling::label[1]')
        .click();
      const detail = page.locator(`label.choice:has(input[value="${freeSlot}"]) .choice-detail`);
      expect(await detail.textContent()).toBe('Free delivery');
      await slot.check();
      if (javaScript) await page.waitForURL(new RegExp(`slotId=${freeSlot}`));
      if (javaScript) await expect.poll(() => deliveryTotal(page)).toBe('Free');
      expect(await placeOrder(page)).toEqual({ slot_id: freeSlot, fee: 0 });
    } finally {
      await context.close();
    }
  });

  it('says every slot is free past the threshold on the guest checkout too', async () => {
    const context = await shopperWithCart(javaScript, Math.ceil(freeFrom / item.price), true);
    try {
      const page = await openCheckout(context, javaScript, '/checkout/guest');
      expect(await deliveryTotal(page)).toBe('Free');
      expect(new Set(await slotFees(page))).toEqual(
        new Set([`Free delivery (usually ${money(usualFee)})`]),
      );
    } finally {
      await context.close();
    }
  });
});
