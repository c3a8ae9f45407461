import { describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { guestOrderPaths } from '../../shared/contracts/guest-orders';
import {
  DeliverySlotList,
  OrderDetail,
  OrderQuote,
  orderPaths,
} from '../../shared/contracts/orders';
import { addToCart, newShopper, postOrder, startOrdersPlatform } from './platform-orders-support';

// An order sent with the total the shopper's page showed (`expectedTotal`, ADR 0319) is placed
// only at that total: a cart changed meanwhile (another tab, another device) is a 409
// `total_changed` that places nothing, books no slot and leaves the cart; a replay of a placed
// order with its key still answers that order; without `expectedTotal` nothing is checked.
const orders = startOrdersPlatform();

async function quote(token: string, slotId: string): Promise<OrderQuote> {
  const response = await orders.platform.call(orderPaths.quote, {
    method: 'POST',
    token,
    body: { slotId },
  });
  return OrderQuote.parse(await response.json());
}

const cartOf = async (token: string) =>
  Booking.parse(
    await (await orders.platform.call(bookingPaths.cart('fresh'), { token })).json(),
  ).items.map(({ offeringId, quantity }) => [offeringId, quantity]);

describe('placing an order at the total the shopper was shown', () => {
  it('refuses another total with a 409 total_changed, placing nothing', async () => {
    const shopper = await newShopper();
    const [a] = orders.offerings;
    await addToCart(shopper.token, a!.id, 1);
    const shown = await quote(shopper.token, shopper.choice.slotId);
    await addToCart(shopper.token, a!.id, 2); // another tab
    const now = await quote(shopper.token, shopper.choice.slotId);
    expect(now.total).not.toBe(shown.total);

    const refused = await postOrder(shopper, { ...shopper.choice, expectedTotal: shown.total });
    expect(refused.status).toBe(409);
    const { error } = await refused.json();
    expect(error.code).toBe('total_changed');
    expect(error.message).toMatch(/^The order's total is now [\d,]+\.\d\d, not [\d,]+\.\d\d/);
    const { rows } = await orders.platform.db.query('select id from orders where account_id = $1', [
      shopper.accountId,
    ]);
    expect(rows).toEqual([]);
    expect(await cartOf(shopper.token)).toEqual([[a!.id, 2]]);

    const placed = await postOrder(shopper, { ...shopper.choice, expectedTotal: now.total });
    expect(placed.status).toBe(201);
    expect(OrderDetail.parse(await placed.json()).total).toBe(now.total);
  });

  it('answers a replay of the placed order with it, whatever the cart holds now', async () => {
    const shopper = await newShopper();
    await addToCart(shopper.token, orders.offerings[0]!.id, 1);
    const { total } = await quote(shopper.token, shopper.choice.slotId);
    const send = () =>
      orders.platform.call(orderPaths.orders, {
        method: 'POST',
        token: shopper.token,
        body: { ...shopper.choice, expectedTotal: total },
        headers: { 'idempotency-key': 'expected-total-0001' },
      });
    const first = await send();
    expect(first.status).toBe(201);
    await addToCart(shopper.token, orders.offerings[1]!.id, 1);
    const replay = await send();
    expect(replay.status).toBe(200);
    expect(OrderDetail.parse(await replay.json()).id).toBe(
      OrderDetail.parse(await first.json()).id,
    );
  });

  it("checks a guest's order the same way", async () => {
    const { access_token: token } = await orders.platform.guest();
    const [a] = orders.offerings;
    await addToCart(token, a!.id, 1);
    const slots = DeliverySlotList.parse(
      await (await orders.platform.call(orderPaths.deliverySlots, { token })).json(),
    );
    const slotId = slots.items.find((s) => s.available)!.id;
    const shown = await quote(token, slotId);
    await addToCart(token, a!.id, 3);
    const order = (expectedTotal: number) =>
      orders.platform.call(guestOrderPaths.orders, {
        method: 'POST',
        token,
        body: {
          email: 'tess.total@example.com',
          address: {
            name: 'Tess',
            line1: '1 Quay',
            postcode: 'D02 X285',
            city: 'Dublin',
            country: 'IE',
          },
          card: {
            cardNumber: '4242 4242 4242 4242',
            expiryMonth: 1,
            expiryYear: 2099,
            holderName: 'Tess',
          },
          slotId,
          expectedTotal,
        },
      });
    const refused = await order(shown.total);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe('total_changed');
    expect(await cartOf(token)).toEqual([[a!.id, 3]]);
    const placed = await order((await quote(token, slotId)).total);
    expect(placed.status).toBe(201);
  });
});
