import { expect, it } from 'vitest';
import { OrderDetail, orderPaths } from '../../shared/contracts/orders';
import {
  addToCart,
  newShopper,
  orders,
  placeOrder,
  startOrdersPlatform,
} from './platform-orders-support';

// An order's delivery fee is the one agreed when it was placed until what it depends on changes
// (ADR 0061): new lines or another slot are priced again under the shop's delivery policy of the
// day, a new address or new notes are not. Found in review: a change of the notes after the shop
// moved its free delivery threshold changed the order's total (failed on the old code).
startOrdersPlatform();

const setFreeFrom = (cents: number) =>
  orders.platform.db.query(
    "update delivery_policies set free_from_cents = $1 where tenant_id = 'fresh'",
    [cents],
  );

it('keeps the agreed fee when only the notes or the address change, and prices it again with the lines', async () => {
  const offering = orders.offerings[0]!;
  const shopper = await newShopper();
  await addToCart(shopper.token, offering.id, 1);
  const order = await placeOrder(shopper);
  expect(order.deliveryFee).toBeGreaterThan(0);
  const { rows } = await orders.platform.db.query<{ free_from_cents: number }>(
    "select free_from_cents from delivery_policies where tenant_id = 'fresh'",
  );
  // The shop now delivers everything free: orders already placed keep the fee they were placed with.
  await setFreeFrom(0);
  try {
    const edit = async (body: unknown) => {
      const response = await orders.platform.call(orderPaths.order(order.id), {
        method: 'PUT',
        token: shopper.token,
        body,
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return OrderDetail.parse(await response.json());
    };
    const noted = await edit({ notes: 'Ring twice' });
    expect([noted.subtotal, noted.deliveryFee, noted.total]).toEqual([
      order.subtotal,
      order.deliveryFee,
      order.total,
    ]);
    const moved = await edit({ addressId: shopper.choice.addressId });
    expect(moved.total).toBe(order.total);
    // The same slot named again changes nothing either.
    expect((await edit({ slotId: order.slot.id })).total).toBe(order.total);
    // Changed lines are priced as a new order would be: today's policy applies.
    const relined = await edit({ lines: [{ offeringId: offering.id, quantity: 2 }] });
    expect([relined.subtotal, relined.deliveryFee, relined.total]).toEqual([
      offering.single * 2,
      0,
      offering.single * 2,
    ]);
  } finally {
    await setFreeFrom(rows[0]!.free_from_cents);
  }
});
