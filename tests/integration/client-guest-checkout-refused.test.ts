import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';
import { buyableOfferings, shopperOf, type Shopper } from './client-checkout-support';
import { guestOrderFields } from './guest-checkout-support';

// The guest checkout of a cart the platform will not order as it stands (ADR 0314), through the
// gateway against the real platform: beyond the money ceiling, or holding a product withdrawn
// from sale. The page says why and what to do, with a way to the cart, never the error screen:
// as a document (without JavaScript) and as the page's data (with it), and after an order form
// the platform refused for the same reason, above the form as typed but the card number (ADR 0317).
let shop: TestShop;
let item: { id: string; name: string };
beforeAll(async () => {
  shop = await startShop();
  [item] = (await buyableOfferings(shop, 1)) as [typeof item];
}, 120_000);
afterAll(() => shop?.close());

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

async function guestWithItem(): Promise<Shopper> {
  const guest = shopperOf(shop);
  await guest.api('/auth/guest', 'POST');
  await guest.putItem(item.id, 2);
  return guest;
}

const withdraw = (available: boolean) =>
  shop.platform.db.query('update offerings set available = $2 where id = $1', [item.id, available]);

/** The checkout saying `reason` and `whatToDo` in its page: no "Place order", no error screen. */
function expectRefusedPage(html: string, reason: RegExp | string, whatToDo: string) {
  expect(html).toContain('<h1 id="checkout-title">Check out as a guest</h1>');
  if (typeof reason === 'string')
    expect(html).toContain(`<p class="form-error" role="alert">${reason}</p>`);
  else expect(html).toMatch(reason);
  expect(html).toContain(whatToDo);
  expect(html).toContain(
    '<a class="button" href="/cart" data-discover="true">Review your cart</a>',
  );
  expect(html).not.toContain('Place order');
  expect(html).not.toContain('class="error-screen"');
}

/** The guest's e-mail, address and slot filled in again in `html` (names as the platform's). */
function expectTyped(html: string, form: Record<string, string>) {
  for (const name of ['email', 'name', 'line1', 'postcode', 'city', 'holderName'])
    expect(html).toMatch(new RegExp(`name="${name}"[^>]*value="${escaped(form[name]!)}"`));
  // The country is chosen (ADR 0340): its option selected.
  expect(html).toMatch(new RegExp(`<option value="${form.country}" selected=""`));
  expect(html).toMatch(
    new RegExp(`value="${form.slotId}"[^>]*checked=""|checked=""[^>]*value="${form.slotId}"`),
  );
}

describe('the guest checkout of a cart beyond the money ceiling', () => {
  it('says the order is too large and to remove items, with and without JavaScript', async () => {
    const guest = await guestWithItem();
    // 35 lines of 9999 cases of the dearest offerings: more than 10,000,000.00 (ADR 0061).
    await shop.platform.db.query(
      `insert into cart_items (uid, cart_uid, offering_id, quantity, by_case)
       select gen_random_uuid()::text, $1, id, 9999, true from offerings
        where tenant_id = 'fresh' and available order by price_case_cents desc, id limit 35`,
      [(await guest.cart()).uid],
    );
    const page = await guest.page('/checkout/guest');
    expect(page.status).toBe(200);
    expectRefusedPage(
      await page.text(),
      /<p class="form-error" role="alert">This order is too large: its items total [\d,]+\.\d\d, at most 10,000,000\.00 is allowed\.<\/p>/,
      'Remove some items from your cart, or lower their quantities, to order it.',
    );

    // With JavaScript a chosen slot loads the page's data again, not the document.
    const slot = await guest.firstSlot();
    const data = await guest.page(`/checkout/guest.data?slotId=${slot.id}`);
    expect(data.status).toBe(200);
    const payload = await data.text();
    expect(payload).toContain('order_too_large');
    expect(payload).toMatch(/This order is too large: its items total [\d,]+\.\d\d, at most/);
  });
});

describe('the guest checkout of a cart holding a product withdrawn from sale', () => {
  const reason = () => `Cannot order: ${escaped(item.name)} (${item.id}) is not available.`;
  const whatToDo = 'Remove the items that are not available from your cart, then check out.';

  it('names the product and says to remove it, with and without JavaScript', async () => {
    const guest = await guestWithItem();
    await withdraw(false);
    try {
      const page = await guest.page('/checkout/guest');
      expect(page.status).toBe(200);
      expectRefusedPage(await page.text(), reason(), whatToDo);

      const slot = await guest.firstSlot();
      const data = await guest.page(`/checkout/guest.data?slotId=${slot.id}`);
      expect(data.status).toBe(200);
      const payload = await data.text();
      expect(payload).toContain('items_unavailable');
      expect(payload).toContain(`(${item.id}) is not available`);
    } finally {
      await withdraw(true);
    }
  });

  it('says so above the form as typed after an order form posted once the product went, placing nothing', async () => {
    const guest = await guestWithItem();
    const form = guestOrderFields(await (await guest.page('/checkout/guest')).text(), 'g@x.ie');
    await withdraw(false);
    try {
      // The page, which says why (not beside a field), with what the guest typed but the card
      // number; the reason takes the focus, as a refused field's message does.
      const refused = await guest.post('/checkout/guest', form);
      expect(refused.status).toBe(200);
      // The guest's details in a 200: for this visitor only (no cache keeps a POST's answer).
      expect(refused.headers.get('cache-control')).toBe('private, no-store');
      const html = await refused.text();
      const alert = `<p class="form-error" role="alert" tabindex="-1" autofocus="">${reason()}</p>`;
      expectRefusedPage(html, new RegExp(alert.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), whatToDo);
      expectTyped(html, form);
      expect(html).not.toContain('4242');
      expect(html).toContain('value="check-cart"');
      expect((await guest.cart()).items).toHaveLength(1);

      // Put right (here: back on sale), "Check my cart again" shows the totals and "Place order"
      // with the form as typed, placing nothing.
      await withdraw(true);
      const checked = await guest.post('/checkout/guest', { ...form, intent: 'check-cart' });
      expect(checked.status).toBe(200);
      const again = await checked.text();
      expect(again).toContain('Place order');
      expect(again).toMatch(/<caption[^>]*>Items in your cart<\/caption>/);
      expect(again).not.toContain('role="alert"');
      expectTyped(again, form);
      expect(again).not.toContain('4242');
      expect((await guest.cart()).items).toHaveLength(1);
    } finally {
      await withdraw(true);
    }
  });
});
