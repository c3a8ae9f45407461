import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smartCartPaths, type SmartCart } from '../../shared/contracts/lists';
import { orderPaths, type DeliverySlotList } from '../../shared/contracts/orders';
import { ORDER_KEY_FIELD } from '../../client/components/forms/order-key-field';
import { formatCents } from '../../client/lib/money';
import { startShop, type TestShop } from '../support/shop';
import { buyableOfferings, shopperOf, type Shopper } from './client-checkout-support';

// Ordering a smart cart as a browser without JavaScript posts it (ADR 0330): the page shows what
// the order will cost (subtotal, delivery, total) and the order is placed at that total or not at
// all. A price changed since the page (or the slot's fee) places nothing; the page says so with the
// new totals, as the checkout does (ADR 0319, 0326).
let shop: TestShop;
let shopper: Shopper;
let item: { id: string; name: string };
const money = (cents: number) => formatCents(cents, { currency: 'EUR', locale: 'en-IE' });
const notice = (text: string) =>
  `<p class="form-error" role="alert" tabindex="-1" autofocus="">${text}</p>`;
const CART_NOTICE = notice('Your cart changed: check the new total.');
const FEE_NOTICE = notice('The delivery fee changed: check the new total.');

beforeAll(async () => {
  shop = await startShop();
  shopper = shopperOf(shop);
  await shopper.signIn();
  [item] = (await buyableOfferings(shop, 1)) as [{ id: string; name: string }];
}, 120_000);
afterAll(() => shop?.close());

/** A new smart cart of two of `item` (below the free-delivery threshold). */
async function smartCart(): Promise<SmartCart> {
  return shopper.api<SmartCart>(smartCartPaths.smartCarts, 'POST', {
    name: `Total ${Date.now()}`,
    items: [{ offeringId: item.id, quantity: 2 }],
  });
}

/** The order form's hidden fields the page rendered, as the browser sends them. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of [ORDER_KEY_FIELD, 'shownTotal', 'shownSubtotal', 'slotFees']) {
    const field = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"/>`).exec(html);
    if (field) fields[name] = field[1]!.replace(/&amp;/g, '&');
  }
  return fields;
}

const orderForm = (page: string, slotId: string) => ({
  ...hiddenFields(page),
  intent: 'place-order',
  addressId: 'adr-fresh-demo-home',
  slotId,
  paymentMethodId: 'pm-fresh-demo-visa',
  notes: 'Back door',
});

const bookable = async () =>
  (await shopper.api<DeliverySlotList>(orderPaths.deliverySlots)).items.filter((s) => s.available);
const ordersOf = async (smartCartId: string) =>
  (
    await shop.platform.db.query<{ total_cents: number; delivery_fee_cents: number }>(
      'select total_cents, delivery_fee_cents from orders where smart_cart_id = $1',
      [smartCartId],
    )
  ).rows;
const raisePrice = (cents: number) =>
  shop.platform.db.query(
    'update offerings set price_single_cents = price_single_cents + $2 where id = $1',
    [item.id, cents],
  );
const setFee = (slotId: string, fee: number) =>
  shop.platform.db.query('update delivery_slots set fee_cents = $2 where id = $1', [slotId, fee]);

describe('ordering a smart cart without JavaScript', () => {
  it('shows the subtotal, the delivery fee and the total, and places the order at that total', async () => {
    const cart = await smartCart();
    const [slot] = await bookable();
    const page = await (await shopper.page(`/smart-carts/${cart.id}`)).text();
    const total = cart.subtotal + slot!.fee;
    expect(page).toContain(`data-testid="order-total">${money(total)}<`);
    expect(page).toContain(money(slot!.fee));
    expect(hiddenFields(page).shownTotal).toBe(String(total));

    const placed = await shopper.post(`/smart-carts/${cart.id}`, orderForm(page, slot!.id));
    expect(placed.status).toBe(302);
    expect(placed.headers.get('location')).toMatch(/\/order\/ord-[0-9a-f]+\?done=placed$/);
    expect(await ordersOf(cart.id)).toEqual([
      { total_cents: total, delivery_fee_cents: slot!.fee },
    ]);
  });

  it('places nothing when a price changed since the page, and says so with the new total', async () => {
    const cart = await smartCart();
    const [slot] = await bookable();
    const page = await (await shopper.page(`/smart-carts/${cart.id}`)).text();
    await raisePrice(25); // the shop changed it since

    const form = orderForm(page, slot!.id);
    const refused = await shopper.post(`/smart-carts/${cart.id}`, form);
    expect(await ordersOf(cart.id)).toEqual([]); // before: placed at a total never shown
    expect(refused.status).toBe(302);
    const location = new URL(refused.headers.get('location')!, shop.url);
    expect(location.pathname).toBe(`/smart-carts/${cart.id}`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      addressId: 'adr-fresh-demo-home',
      slotId: slot!.id,
      paymentMethodId: 'pm-fresh-demo-visa',
      notes: 'Back door',
      changed: 'total',
    });

    const again = await (await shopper.page(location.pathname + location.search)).text();
    expect(again).toContain(CART_NOTICE);
    const now = cart.subtotal + 2 * 25 + slot!.fee;
    expect(again).toContain(`data-testid="order-total">${money(now)}<`);
    expect(again).toContain(`checked="" value="${slot!.id}"`);
    expect(again).toContain('>Back door</textarea>');

    const placed = await shopper.post(`/smart-carts/${cart.id}`, orderForm(again, slot!.id));
    expect(placed.status).toBe(302);
    expect(await ordersOf(cart.id)).toEqual([{ total_cents: now, delivery_fee_cents: slot!.fee }]);
  });

  it('says the delivery fee changed when only the slot’s fee did', async () => {
    const cart = await smartCart();
    const [slot] = await bookable();
    const page = await (await shopper.page(`/smart-carts/${cart.id}`)).text();
    await setFee(slot!.id, slot!.fee + 30);

    const refused = await shopper.post(`/smart-carts/${cart.id}`, orderForm(page, slot!.id));
    expect(await ordersOf(cart.id)).toEqual([]);
    const location = new URL(refused.headers.get('location')!, shop.url);
    expect(location.searchParams.get('changed')).toBe('fee');
    const again = await (await shopper.page(location.pathname + location.search)).text();
    expect(again).toContain(FEE_NOTICE);
    expect(again).toContain(`data-testid="order-total">${money(cart.subtotal + slot!.fee + 30)}<`);
  });

  it('places the order at a slot of another fee chosen after the totals were shown', async () => {
    const cart = await smartCart();
    const slots = await bookable();
    const later = slots[3]!;
    await setFee(later.id, slots[0]!.fee + 17);
    const page = await (await shopper.page(`/smart-carts/${cart.id}`)).text();
    expect(page).not.toContain(`checked="" value="${later.id}"`); // the earliest is quoted

    const placed = await shopper.post(`/smart-carts/${cart.id}`, orderForm(page, later.id));
    expect(placed.status).toBe(302);
    expect(await ordersOf(cart.id)).toEqual([
      { total_cents: cart.subtotal + slots[0]!.fee + 17, delivery_fee_cents: slots[0]!.fee + 17 },
    ]);
  });
});
