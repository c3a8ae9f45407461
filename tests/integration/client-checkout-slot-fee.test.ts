import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPaths, type DeliverySlotList } from '../../shared/contracts/orders';
import { ORDER_KEY_FIELD } from '../../client/components/forms/order-key-field';
import { startShop, type TestShop } from '../support/shop';
import { buyableOfferings, shopperOf, type Shopper } from './client-checkout-support';
import { guestOrderFields, guestWithCart } from './guest-checkout-support';

// Without JavaScript a slot chosen on the checkout page is not quoted before "Place order" (the
// signed-in page's "Update totals" is optional, the guest page has none). A slot of another fee
// is no change of the cart: the order is placed at the shown subtotal plus the fee listed beside
// that slot; if that fee changed since, the page says the delivery fee changed (ADR 0326, 0319).
let shop: TestShop;
let item: { id: string; name: string };
const FEE_NOTICE =
  '<p class="form-error" role="alert" tabindex="-1" autofocus="">The delivery fee changed: check the new total.</p>';

beforeAll(async () => {
  shop = await startShop();
  [item] = (await buyableOfferings(shop, 1)) as [{ id: string; name: string }];
}, 120_000);
afterAll(() => shop?.close());

/** The order form's hidden fields the page rendered, as the browser sends them. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of [ORDER_KEY_FIELD, 'shownTotal', 'shownSubtotal', 'slotFees']) {
    const field = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"/>`).exec(html);
    if (field) fields[name] = field[1]!.replace(/&amp;/g, '&');
  }
  expect(fields.shownTotal, 'the order form sends the total shown').toBeDefined();
  return fields;
}

/** A bookable slot after the earliest (the one the page quotes), its fee set to `fee` cents. */
async function laterSlot(shopper: Shopper, index: number, fee: number) {
  const { items } = await shopper.api<DeliverySlotList>(orderPaths.deliverySlots);
  const slot = items.filter((s) => s.available)[index]!;
  expect(slot.fee).not.toBe(fee);
  await setFee(slot.id, fee);
  return slot;
}
const setFee = (slotId: string, fee: number) =>
  shop.platform.db.query('update delivery_slots set fee_cents = $2 where id = $1', [slotId, fee]);

const placedOrder = async (orderId: string) =>
  (
    await shop.platform.db.query<{
      slot_id: string;
      delivery_fee_cents: number;
      total_cents: number;
    }>('select slot_id, delivery_fee_cents, total_cents from orders where id = $1', [orderId])
  ).rows[0];

describe('the signed-in checkout without JavaScript', () => {
  it('places the order at a slot of another fee chosen after the totals were shown', async () => {
    const shopper = shopperOf(shop);
    await shopper.signIn();
    await shopper.putItem(item.id, 1);
    const slot = await laterSlot(shopper, 3, 123);
    const page = await (await shopper.page('/checkout')).text();
    expect(page).not.toContain(`checked="" value="${slot.id}"`); // the earliest is quoted
    const subtotal = (await shopper.api<{ subtotal: number }>(orderPaths.quote, 'POST', {}))
      .subtotal;

    const placed = await shopper.post('/checkout', {
      ...hiddenFields(page),
      intent: 'place-order',
      addressId: 'adr-fresh-demo-work',
      slotId: slot.id,
      paymentMethodId: 'pm-fresh-demo-visa',
      notes: '',
    });
    expect(placed.status).toBe(302);
    const location = placed.headers.get('location')!;
    expect(location).toMatch(/^\/orders\/ord-[0-9a-f]+\?done=placed$/);
    const orderId = /ord-[0-9a-f]+/.exec(location)![0];
    expect(await placedOrder(orderId)).toEqual({
      slot_id: slot.id,
      delivery_fee_cents: 123,
      total_cents: subtotal + 123,
    });
  });

  it('says the delivery fee changed when the chosen slot no longer costs the fee listed', async () => {
    const shopper = shopperOf(shop);
    await shopper.signIn();
    await shopper.putItem(item.id, 1);
    const slot = await laterSlot(shopper, 4, 145);
    const page = await (await shopper.page('/checkout')).text();
    await setFee(slot.id, 175); // the shop changed it since

    const form = {
      ...hiddenFields(page),
      intent: 'place-order',
      addressId: 'adr-fresh-demo-work',
      slotId: slot.id,
      paymentMethodId: 'pm-fresh-demo-visa',
      notes: '',
    };
    const refused = await shopper.post('/checkout', form);
    expect(refused.status).toBe(302);
    const location = new URL(refused.headers.get('location')!, shop.url);
    expect(location.pathname).toBe('/checkout');
    expect(location.searchParams.get('changed')).toBe('fee');
    expect(location.searchParams.get('slotId')).toBe(slot.id);
    expect((await shopper.cart()).items).toHaveLength(1); // nothing placed

    const again = await (await shopper.page(location.pathname + location.search)).text();
    expect(again).toContain(FEE_NOTICE);
    expect(again).not.toContain('Your cart changed');
    // The page now shows that slot's total, and its form places the order at it.
    const placed = await shopper.post('/checkout', { ...form, ...hiddenFields(again) });
    expect(placed.headers.get('location')).toMatch(/^\/orders\/ord-[0-9a-f]+\?done=placed$/);
  });

  it('still says the cart changed when the cart changed, whatever slot was chosen', async () => {
    const shopper = shopperOf(shop);
    await shopper.signIn();
    await shopper.putItem(item.id, 1);
    const slot = await laterSlot(shopper, 5, 111);
    const page = await (await shopper.page('/checkout')).text();
    await shopper.putItem(item.id, 2); // another tab

    const refused = await shopper.post('/checkout', {
      ...hiddenFields(page),
      intent: 'place-order',
      addressId: 'adr-fresh-demo-work',
      slotId: slot.id,
      paymentMethodId: 'pm-fresh-demo-visa',
      notes: '',
    });
    const location = new URL(refused.headers.get('location')!, shop.url);
    expect(location.searchParams.get('changed')).toBe('total');
    expect((await shopper.cart()).items.map((i) => i.quantity)).toEqual([2]);
  });
});

describe('the guest checkout without JavaScript', () => {
  it('places the order at a slot of another fee chosen in the form', async () => {
    const guest = await guestWithCart(shop);
    const slot = await laterSlot(guest, 6, 99);
    const page = await (await guest.page('/checkout/guest')).text();
    const form = {
      ...guestOrderFields(page, `gus-${Date.now()}@example.com`),
      ...hiddenFields(page),
      slotId: slot.id,
    };
    const placed = await guest.post('/checkout/guest', form);
    expect(placed.status).toBe(302);
    const orderId = new URL(placed.headers.get('location')!, shop.url).searchParams.get('placed')!;
    expect(await placedOrder(orderId)).toMatchObject({ slot_id: slot.id, delivery_fee_cents: 99 });
  });

  it('says the delivery fee changed when the chosen slot no longer costs the fee listed', async () => {
    const guest = await guestWithCart(shop);
    const slot = await laterSlot(guest, 7, 88);
    const page = await (await guest.page('/checkout/guest')).text();
    await setFee(slot.id, 77);
    const refused = await guest.post('/checkout/guest', {
      ...guestOrderFields(page, `gwen-${Date.now()}@example.com`),
      ...hiddenFields(page),
      slotId: slot.id,
    });
    expect(refused.status).toBe(200);
    const html = await refused.text();
    expect(html).toContain(FEE_NOTICE);
    expect(html).toContain(`checked="" value="${slot.id}"`);
    expect((await guest.cart()).items).toHaveLength(1);
  });
});
