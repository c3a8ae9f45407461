import { describe, expect, it } from 'vitest';
import { OrderDetail, orderPaths } from '../../shared/contracts/orders';
import { MAX_LINE_QUANTITY } from '../../shared/line-limits';
import {
  addToCart,
  newShopper,
  orders,
  placeOrder,
  startOrdersPlatform,
  type Shopper,
} from './platform-orders-support';

// Changing an order's lines keeps the rules of the cart the order came from (ADR 0061): a line
// holds at most MAX_LINE_QUANTITY once lines of one offering and unit are added up, and a line
// kept at its agreed price may be lowered whatever its offering's state, but raised only while
// the offering is on sale (as a cart line, ADR 0051). Found in review; both failed on the old code.
startOrdersPlatform();

const editLines = (shopper: Shopper, id: string, lines: unknown[]) =>
  orders.platform.call(orderPaths.order(id), {
    method: 'PUT',
    token: shopper.token,
    body: { lines },
  });

async function orderOf(offeringId: string, quantity: number) {
  const shopper = await newShopper();
  await addToCart(shopper.token, offeringId, quantity);
  return { shopper, order: await placeOrder(shopper) };
}

const readBack = async (shopper: Shopper, id: string) =>
  OrderDetail.parse(
    await (await orders.platform.call(orderPaths.order(id), { token: shopper.token })).json(),
  );

describe('changing the lines of an order', () => {
  it('refuses lines of one offering and unit that add up beyond the line limit, naming the item', async () => {
    const offering = orders.offerings[0]!;
    const { shopper, order } = await orderOf(offering.id, 1);
    const response = await editLines(shopper, order.id, [
      { offeringId: offering.id, quantity: MAX_LINE_QUANTITY },
      { offeringId: offering.id, quantity: MAX_LINE_QUANTITY },
    ]);
    // Before: 200 and one line of 19998, which the order page's own form could not send back.
    expect(response.status, await response.clone().text()).toBe(400);
    expect((await response.json()).error.message).toContain(offering.name);
    expect(await readBack(shopper, order.id)).toEqual(order);
    // Up to the limit, added up, is fine.
    const fits = await editLines(shopper, order.id, [
      { offeringId: offering.id, quantity: MAX_LINE_QUANTITY - 1 },
      { offeringId: offering.id, quantity: 1 },
    ]);
    expect(fits.status, await fits.clone().text()).toBe(200);
    expect(OrderDetail.parse(await fits.json()).lines.map((l) => l.quantity)).toEqual([
      MAX_LINE_QUANTITY,
    ]);
  });

  it('lowers or keeps a line whose offering was withdrawn, but does not raise it', async () => {
    const withdrawn = orders.offerings[1]!;
    const other = orders.offerings[2]!;
    const shopper = await newShopper();
    await addToCart(shopper.token, withdrawn.id, 3);
    await addToCart(shopper.token, other.id, 1);
    const order = await placeOrder(shopper);
    await orders.platform.db.query('update offerings set available = false where id = $1', [
      withdrawn.id,
    ]);
    try {
      // Before: 200, 50 of a product the shop no longer sells (the cart refuses the same raise).
      const raised = await editLines(shopper, order.id, [
        { offeringId: withdrawn.id, quantity: 50 },
        { offeringId: other.id, quantity: 1 },
      ]);
      expect(raised.status, await raised.clone().text()).toBe(400);
      expect((await raised.json()).error.message).toContain(`${withdrawn.name} (${withdrawn.id})`);
      expect(await readBack(shopper, order.id)).toEqual(order);

      // Kept as ordered while another line changes, or lowered: at the agreed price.
      for (const quantity of [3, 2]) {
        const changed = await editLines(shopper, order.id, [
          { offeringId: withdrawn.id, quantity },
          { offeringId: other.id, quantity: 4 },
        ]);
        expect(changed.status, await changed.clone().text()).toBe(200);
        expect(
          OrderDetail.parse(await changed.json()).lines.map((l) => [
            l.offeringId,
            l.quantity,
            l.unitPrice,
          ]),
        ).toEqual([
          [withdrawn.id, quantity, withdrawn.single],
          [other.id, 4, other.single],
        ]);
      }
    } finally {
      await orders.platform.db.query('update offerings set available = true where id = $1', [
        withdrawn.id,
      ]);
    }
  });
});
