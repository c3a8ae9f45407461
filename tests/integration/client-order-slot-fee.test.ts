import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPaths, type OrderDetail } from '../../shared/contracts/orders';
import { startShop, type TestShop } from '../support/shop';
import { shopperOf, type Shopper } from './client-checkout-support';

// An order's "Change the delivery slot" says what the order would pay at each slot (ADR 0334),
// as the platform prices a move (ADR 0061): an order past the free-delivery threshold moves free,
// its slots saying so with the fee they waive; one below it pays each slot's fee. Before, every
// slot said its fee, and the order moved there free.
let shop: TestShop;
let shopper: Shopper;
let item: { id: string; price: number };
let freeFrom: number;

beforeAll(async () => {
  shop = await startShop();
  const { rows } = await shop.platform.db.query<{ id: string; price: number }>(
    `select id, price_single_cents as price from offerings
      where tenant_id = 'fresh' and available and price_single_cents between 500 and 3000
      order by id limit 1`,
  );
  item = rows[0]!;
  const policy = await shop.platform.db.query<{ free_from_cents: number }>(
    "select free_from_cents from delivery_policies where tenant_id = 'fresh'",
  );
  freeFrom = policy.rows[0]!.free_from_cents;
  shopper = shopperOf(shop);
  await shopper.signIn();
}, 120_000);
afterAll(() => shop?.close());

/** Places an order of `quantity` of `item` at the first slot; its id. */
async function placeOrder(quantity: number): Promise<string> {
  for (const line of (await shopper.cart()).items)
    await shopper.putItem(line.offeringId, 0, line.byCase);
  await shopper.putItem(item.id, quantity);
  const response = await shopper.post('/checkout', {
    intent: 'place-order',
    addressId: 'adr-fresh-demo-home',
    slotId: (await shopper.firstSlot()).id,
    paymentMethodId: 'pm-fresh-demo-visa',
  });
  expect(response.status).toBe(302);
  return /ord-[0-9a-f]+/.exec(response.headers.get('location')!)![0];
}

/** What the order page's slot list says of each slot's fee. */
async function listedFees(orderId: string): Promise<Set<string>> {
  const html = (await (await shopper.page(`/orders/${orderId}`)).text()).replace(/<!-- -->/g, '');
  return new Set(
    [...html.matchAll(/<span class="choice-detail">([^<]*)<\/span>/g)].map((m) => m[1]!),
  );
}

/** Moves the order to its slot list's last bookable slot; the order's fee there. */
async function moveToAnotherSlot(orderId: string): Promise<number> {
  const { items } = await shopper.api<{ items: { id: string; available: boolean }[] }>(
    orderPaths.deliverySlots,
  );
  const slotId = items.filter((slot) => slot.available).at(-1)!.id;
  const moved = await shopper.post(`/orders/${orderId}`, { intent: 'change-slot', slotId });
  expect(moved.status).toBe(302);
  return (await shopper.api<OrderDetail>(orderPaths.order(orderId))).deliveryFee;
}

describe("an order's slot list", () => {
  it('says every slot is free past the threshold, and the order moves free', async () => {
    const orderId = await placeOrder(Math.ceil(freeFrom / item.price));
    expect(await listedFees(orderId)).toEqual(new Set(['Free delivery (usually €4.95)']));
    expect(await moveToAnotherSlot(orderId)).toBe(0);
  });

  it("says each slot's fee below the threshold, and the order moves at it", async () => {
    const orderId = await placeOrder(Math.floor((freeFrom - 1) / item.price));
    expect(await listedFees(orderId)).toEqual(new Set(['€4.95']));
    expect(await moveToAnotherSlot(orderId)).toBe(495);
  });
});
