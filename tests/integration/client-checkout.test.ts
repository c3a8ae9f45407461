import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPaths, type OrderDetail } from '../../shared/contracts/orders';
import { formatCents } from '../../client/lib/money';
import { startShop, type TestShop } from '../support/shop';
import { buyableOfferings, shopperOf, type Shopper } from './client-checkout-support';

// The checkout screen through the gateway against the reference platform: the auth middleware,
// the shopper's choices, validation beside the fields, and placing an order without JavaScript.
let shop: TestShop;
let shopper: Shopper;
let items: { id: string; name: string }[];
const money = (cents: number) => formatCents(cents, { currency: 'EUR', locale: 'en-IE' });
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

beforeAll(async () => {
  shop = await startShop();
  items = await buyableOfferings(shop, 2);
  shopper = shopperOf(shop);
  await shopper.signIn();
}, 120_000);
afterAll(() => shop?.close());

describe('checkout', () => {
  it('sends a logged-out visitor to sign in, with the way back', async () => {
    const response = await fetch(`${shop.url}/checkout`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/social-login?returnTo=%2Fcheckout');
  });

  it('shows a friendly message for an empty cart', async () => {
    const cart = await shopper.cart();
    for (const item of cart.items) await shopper.putItem(item.offeringId, 0, item.byCase);
    const html = await (await shopper.page('/checkout')).text();
    expect(html).toContain('Your cart is empty');
    expect(html).toContain('Start shopping');
  });

  it("shows the cart priced by the platform, the shopper's addresses, the slots and the card", async () => {
    await shopper.putItem(items[0]!.id, 2);
    await shopper.putItem(items[1]!.id, 1, true);
    const response = await shopper.page('/checkout');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(escaped(items[0]!.name));
    expect(html).toContain(escaped(items[1]!.name));
    expect(html).toContain('12 Merrion Square');
    expect(html).toContain('Grand Canal Dock Offices');
    expect(html).toContain('Visa ending 4242');
    expect(html.match(/name="slotId"/g)?.length ?? 0).toBeGreaterThan(3);
    const quote = await shopper.api<{ subtotal: number }>(orderPaths.quote, 'POST', {});
    expect(html).toContain(money(quote.subtotal));
    expect(html).not.toMatch(/access_token|refresh_token|pm_tok_/);
  });

  it('re-quotes with the chosen slot in the URL (the no-JavaScript "Update totals")', async () => {
    const slot = await shopper.firstSlot();
    const html = await (await shopper.page(`/checkout?slotId=${slot.id}`)).text();
    const quote = await shopper.api<{ total: number }>(orderPaths.quote, 'POST', {
      slotId: slot.id,
    });
    expect(html).toContain(`checked="" value="${slot.id}"`);
    expect(html).toContain(money(quote.total));
  });

  it('answers 400 with the message beside the slot field when no slot is chosen', async () => {
    const response = await shopper.post('/checkout', {
      intent: 'place-order',
      addressId: 'adr-fresh-demo-home',
      paymentMethodId: 'pm-fresh-demo-visa',
      notes: '',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(
      /<p id="slotId-error" class="field-error" tabindex="-1" autofocus="">Choose a delivery slot<\/p>/,
    );
    expect(html).toContain('aria-describedby="slotId-error"');
  });

  it('refuses a bad card beside its field and never echoes the number', async () => {
    const number = '4111111111111112';
    const response = await shopper.addCard('/checkout', number);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('This card number is not valid (check the digits)');
    expect(html).not.toContain(number);
  });

  it('adds a card and chooses it', async () => {
    const response = await shopper.addCard(
      '/checkout?slotId=x',
      '5555 5555 5555 4444',
      '3',
      '2032',
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!, shop.url);
    expect(location.pathname).toBe('/checkout');
    expect(location.searchParams.get('slotId')).toBe('x');
    const html = await (await shopper.page(location.pathname + location.search)).text();
    expect(html).toContain('Mastercard ending 4444');
    expect(html).not.toContain('5555555555554444');
  });

  it('places the order and shows it with the lines and the total computed by the platform', async () => {
    const slot = await shopper.firstSlot();
    const response = await shopper.post('/checkout', {
      intent: 'place-order',
      addressId: 'adr-fresh-demo-work',
      slotId: slot.id,
      paymentMethodId: 'pm-fresh-demo-visa',
      notes: 'Please ring twice',
    });
    expect(response.status).toBe(302);
    const location = response.headers.get('location')!;
    expect(location).toMatch(/^\/orders\/ord-[0-9a-f]+\?done=placed$/);
    const orderId = location.split('/')[2]!.split('?')[0]!;
    const order = await shopper.api<OrderDetail>(orderPaths.order(orderId));
    expect(order.lines.map((line) => line.offeringId).sort()).toEqual(
      [items[0]!.id, items[1]!.id].sort(),
    );

    const page = await shopper.page(location);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Your order is placed');
    for (const line of order.lines) {
      expect(html).toContain(escaped(line.productName));
      expect(html).toContain(money(line.lineTotal));
    }
    expect(html).toContain(money(order.total));
    expect(html).toContain('Grand Canal Dock Offices');
    expect(html).toContain('Visa ending 4242');
    expect(html).toContain('Please ring twice');
    expect((await shopper.cart()).items).toEqual([]);
  });
});

describe('a cart too large to order', () => {
  const tooLarge =
    /<p class="form-error" role="alert">This order is too large: its items total [\d,]+\.\d\d, at most 10,000,000\.00 is allowed\.<\/p>/;

  it('shows the checkout saying why and what to do, with and without JavaScript', async () => {
    // 35 lines of 9999 cases of the dearest offerings: more than 10,000,000.00 (ADR 0061).
    const cart = await shopper.cart();
    await shop.platform.db.query(
      `insert into cart_items (uid, cart_uid, offering_id, quantity, by_case)
       select gen_random_uuid()::text, $1, id, 9999, true from offerings
        where tenant_id = 'fresh' and available order by price_case_cents desc, id limit 35`,
      [cart.uid],
    );
    try {
      // Without JavaScript: the document.
      const page = await shopper.page('/checkout');
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toMatch(tooLarge);
      expect(html).toContain('Remove some items from your cart, or lower their quantities');
      expect(html).toContain(
        '<a class="button" href="/cart" data-discover="true">Review your cart</a>',
      );
      expect(html).not.toContain('Place order');

      // With JavaScript: a choice (here a slot) reloads the page's data, not the document.
      const slot = await shopper.firstSlot();
      const data = await shopper.page(`/checkout.data?slotId=${slot.id}`);
      expect(data.status).toBe(200);
      const payload = await data.text();
      expect(payload).toContain('order_too_large');
      expect(payload).toMatch(/This order is too large: its items total [\d,]+\.\d\d, at most/);
    } finally {
      await shop.platform.db.query('delete from cart_items where cart_uid = $1', [cart.uid]);
    }
  });
});

describe('a cart holding a product no longer on sale', () => {
  it('shows the checkout naming it and what to do, with and without JavaScript', async () => {
    await shopper.putItem(items[0]!.id, 1);
    await shop.platform.db.query('update offerings set available = false where id = $1', [
      items[0]!.id,
    ]);
    try {
      const unavailable = `Cannot order: ${escaped(items[0]!.name)} (${items[0]!.id}) is not available.`;
      // Without JavaScript: the document, the checkout and no error screen (ADR 0314).
      const page = await shopper.page('/checkout');
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`<p class="form-error" role="alert">${unavailable}</p>`);
      expect(html).toContain('Remove the items that are not available from your cart');
      expect(html).toContain('href="/cart"');
      expect(html).not.toContain('Place order');
      expect(html).not.toContain('class="error-screen"');

      // With JavaScript: the page's data on a choice.
      const slot = await shopper.firstSlot();
      const data = await shopper.page(`/checkout.data?slotId=${slot.id}`);
      expect(data.status).toBe(200);
      const payload = await data.text();
      expect(payload).toContain('items_unavailable');
      expect(payload).toContain(`(${items[0]!.id}) is not available`);

      // An order form sent all the same (the page loaded before): back to the page, which says
      // why, not the reason beside a field; nothing is ordered.
      const placed = await shopper.post(`/checkout?slotId=${slot.id}`, {
        intent: 'place-order',
        addressId: 'adr-fresh-demo-home',
        slotId: slot.id,
        paymentMethodId: 'pm-fresh-demo-visa',
        notes: '',
      });
      expect(placed.status).toBe(302);
      expect(placed.headers.get('location')).toBe(`/checkout?slotId=${slot.id}`);
      expect((await shopper.cart()).items).toHaveLength(1);
    } finally {
      await shop.platform.db.query('update offerings set available = true where id = $1', [
        items[0]!.id,
      ]);
      const cart = await shopper.cart();
      await shop.platform.db.query('delete from cart_items where cart_uid = $1', [cart.uid]);
    }
  });
});
