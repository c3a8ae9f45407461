import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPaths, type OrderQuote } from '../../shared/contracts/orders';
import { formatCents } from '../../client/lib/money';
import { startShop, type TestShop } from '../support/shop';
import { buyableOfferings, shopperOf, type Shopper } from './client-checkout-support';
import { guestOrderFields, guestWithCart } from './guest-checkout-support';

// "Place order" under totals the cart no longer has (ADR 0319), as a browser without JavaScript
// posts it: the order form sends the total its page showed, and a cart changed since (another
// tab) places nothing; the page says so with the new totals and the choices as posted, and the
// form sent again from it places the order.
let shop: TestShop;
let item: { id: string; name: string };
const money = (cents: number) => formatCents(cents, { currency: 'EUR', locale: 'en-IE' });
const NOTICE =
  '<p class="form-error" role="alert" tabindex="-1" autofocus="">Your cart changed: check the new total.</p>';

beforeAll(async () => {
  shop = await startShop();
  [item] = (await buyableOfferings(shop, 1)) as [{ id: string; name: string }];
}, 120_000);
afterAll(() => shop?.close());

/** The total the page's order form sends (the hidden field), in cents. */
function shownTotal(html: string): number {
  const field = /<input type="hidden" name="shownTotal" value="(\d+)"\/>/.exec(html);
  expect(field, 'the order form sends the total shown').not.toBeNull();
  return Number(field![1]);
}

const quote = (shopper: Shopper, slotId: string) =>
  shopper.api<OrderQuote>(orderPaths.quote, 'POST', { slotId });

describe('the signed-in checkout', () => {
  it('refuses the order when the cart changed since the page, back to it with the choices posted', async () => {
    const shopper = shopperOf(shop);
    await shopper.signIn();
    await shopper.putItem(item.id, 1);
    const page = await (await shopper.page('/checkout')).text();
    const slot = await shopper.firstSlot();
    expect(shownTotal(page)).toBe((await quote(shopper, slot.id)).total);
    const form = {
      intent: 'place-order',
      addressId: 'adr-fresh-demo-work',
      slotId: slot.id,
      paymentMethodId: 'pm-fresh-demo-visa',
      notes: 'Side door',
      shownTotal: String(shownTotal(page)),
    };
    await shopper.putItem(item.id, 3); // another tab

    const refused = await shopper.post('/checkout', form);
    expect(refused.status).toBe(302);
    const location = new URL(refused.headers.get('location')!, shop.url);
    expect(location.pathname).toBe('/checkout');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      addressId: 'adr-fresh-demo-work',
      slotId: slot.id,
      paymentMethodId: 'pm-fresh-demo-visa',
      notes: 'Side door',
      changed: 'total',
    });
    expect((await shopper.cart()).items.map((i) => i.quantity)).toEqual([3]);

    const again = await (await shopper.page(location.pathname + location.search)).text();
    expect(again).toContain(NOTICE);
    const now = await quote(shopper, slot.id);
    expect(shownTotal(again)).toBe(now.total);
    expect(again).toContain(money(now.total));
    expect(again).toMatch(/checked="" value="adr-fresh-demo-work"/);
    expect(again).toContain(`checked="" value="${slot.id}"`);
    expect(again).toContain('>Side door</textarea>');

    const placed = await shopper.post('/checkout', { ...form, shownTotal: String(now.total) });
    expect(placed.status).toBe(302);
    expect(placed.headers.get('location')).toMatch(/^\/orders\/ord-[0-9a-f]+\?done=placed$/);
  });
});

describe('the guest checkout', () => {
  it('refuses the order when the cart changed since the page, the form as typed', async () => {
    const guest = await guestWithCart(shop);
    const page = await (await guest.page('/checkout/guest')).text();
    const form: Record<string, string> = {
      ...guestOrderFields(page, 'tom.total@example.com'),
      notes: 'Gate code 12',
    };
    const shown = shownTotal(page);
    expect(shown).toBe((await quote(guest, form.slotId!)).total);
    const [line] = (await guest.cart()).items;
    await guest.putItem(line!.offeringId, line!.quantity + 1); // another tab

    const refused = await guest.post('/checkout/guest', { ...form, shownTotal: String(shown) });
    expect(refused.status).toBe(200);
    const html = await refused.text();
    expect(html).toContain(NOTICE);
    const now = await quote(guest, form.slotId!);
    expect(shownTotal(html)).toBe(now.total);
    expect(html).toContain(money(now.total));
    expect(html).toContain('value="tom.total@example.com"');
    expect(html).toContain('>Gate code 12</textarea>');
    expect(html).not.toContain('4242 4242 4242 4242');
    expect(html).toContain('Place order');
    expect((await guest.cart()).items).toHaveLength(1);

    const placed = await guest.post('/checkout/guest', { ...form, shownTotal: String(now.total) });
    expect(placed.status).toBe(302);
    expect(placed.headers.get('location')).toMatch(/^\/checkout\/guest\?placed=/);
  });
});
