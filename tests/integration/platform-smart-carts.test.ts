import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { SmartCart, SmartCartCollection, smartCartPaths } from '../../shared/contracts/lists';
import { OrderDetail, orderPaths } from '../../shared/contracts/orders';
import { startPlatform, type TestPlatform } from '../support/platform';
import { smartCartShoppers, type SmartCartSetup } from './platform-smart-carts-support';
import { expectDeleted, json } from '../support/answers';
import { expectCataloguePacks } from '../support/catalogue-packs';

// Smart carts over real HTTP: saved carts with today's prices, ordered in one step through the
// same order placement as the cart (linked to the smart cart), access rules and bad input.
let platform: TestPlatform;
let token: string;
let other: string;
let choice: SmartCartSetup['choice'];
let offerings: SmartCartSetup['offerings'];

beforeAll(async () => {
  platform = await startPlatform();
  ({ token, other, choice, offerings } = await smartCartShoppers(platform));
});
afterAll(() => platform.close());

const create = async (name: string) =>
  json(
    await platform.call(smartCartPaths.smartCarts, {
      method: 'POST',
      token,
      body: {
        name,
        items: [
          { offeringId: offerings[0]!.id, quantity: 2 },
          { offeringId: offerings[1]!.id, quantity: 1, byCase: true },
        ],
      },
    }),
    201,
    SmartCart,
  );

describe('smart carts', () => {
  it("saves, reads with today's prices, renames, replaces items and deletes", async () => {
    const [a, b, c] = offerings;
    const cart = await create('Saturday');
    expect(
      cart.items.map((i) => [i.offeringId, i.quantity, i.byCase, i.unitPrice, i.lineTotal]),
    ).toEqual([
      [a!.id, 2, false, a!.single, a!.single * 2],
      [b!.id, 1, true, b!.case, b!.case],
    ]);
    expect(cart.subtotal).toBe(a!.single * 2 + b!.case);
    expect(cart.items[0]!.product?.name.length).toBeGreaterThan(0);
    await expectCataloguePacks(
      platform,
      cart.items.map((i) => i.product),
    );

    const updated = await json(
      await platform.call(smartCartPaths.smartCart(cart.id), {
        method: 'PUT',
        token,
        body: {
          name: 'Sunday',
          items: [
            { offeringId: c!.id, quantity: 4 },
            { offeringId: c!.id, quantity: 1 },
          ],
        },
      }),
      200,
      SmartCart,
    );
    expect(updated.name).toBe('Sunday');
    expect(updated.items.map((i) => [i.offeringId, i.quantity])).toEqual([[c!.id, 5]]);
    const renamedOnly = await json(
      await platform.call(smartCartPaths.smartCart(cart.id), {
        method: 'PUT',
        token,
        body: { name: 'Monday' },
      }),
      200,
      SmartCart,
    );
    expect(renamedOnly.items).toHaveLength(1);

    const all = await json(
      await platform.call(smartCartPaths.smartCarts, { token }),
      200,
      SmartCartCollection,
    );
    expect(all.items.map((s) => [s.id, s.name, s.itemCount])).toContainEqual([
      cart.id,
      'Monday',
      1,
    ]);
    await expectDeleted(platform, smartCartPaths.smartCart(cart.id), token);
  });

  it('orders a smart cart: priced by the shop, linked to it, the shopping cart untouched', async () => {
    const cart = await create('Weekly order');
    await platform.call(bookingPaths.item('fresh'), {
      method: 'PUT',
      token,
      body: { offeringId: offerings[2]!.id, quantity: 1, byCase: false },
    });
    const order = await json(
      await platform.call(smartCartPaths.order(cart.id), {
        method: 'POST',
        token,
        body: { ...choice, total: 1 },
      }),
      201,
      OrderDetail,
    );
    expect(order.smartCartId).toBe(cart.id);
    expect(order.subtotal).toBe(cart.subtotal);
    expect(order.lines.map((l) => l.offeringId)).toEqual(cart.items.map((i) => i.offeringId));
    const { rows } = await platform.db.query<{ smart_cart_id: string }>(
      'select smart_cart_id from orders where id = $1',
      [order.id],
    );
    expect(rows[0]!.smart_cart_id).toBe(cart.id);

    const shoppingCart = Booking.parse(
      await (await platform.call(bookingPaths.cart('fresh'), { token })).json(),
    );
    expect(shoppingCart.items.map((i) => i.offeringId)).toEqual([offerings[2]!.id]);
    expect((await platform.outbox('acc-smart-1@example.com')).map((m) => m.kind)).toContain(
      'order-confirmation',
    );

    const linked = await json(
      await platform.call(smartCartPaths.placedOrder(cart.id, order.id), { token }),
      200,
      OrderDetail,
    );
    expect(linked.id).toBe(order.id);
    const withOrders = await json(
      await platform.call(smartCartPaths.smartCart(cart.id), { token }),
      200,
      SmartCart,
    );
    expect(withOrders.orders.map((o) => o.id)).toEqual([order.id]);

    // An order that was not made from this smart cart is not found under it.
    const otherCart = await create('Another');
    expect(
      (await platform.call(smartCartPaths.placedOrder(otherCart.id, order.id), { token })).status,
    ).toBe(404);
    const plain = await json(
      await platform.call(orderPaths.orders, { method: 'POST', token, body: choice }),
      201,
      OrderDetail,
    );
    expect(plain.smartCartId).toBeNull();
    expect(
      (await platform.call(smartCartPaths.placedOrder(cart.id, plain.id), { token })).status,
    ).toBe(404);

    // Deleting the smart cart keeps its orders, unlinked.
    expect(
      (await platform.call(smartCartPaths.smartCart(cart.id), { method: 'DELETE', token })).status,
    ).toBe(204);
    const kept = await json(
      await platform.call(orderPaths.order(order.id), { token }),
      200,
      OrderDetail,
    );
    expect(kept.smartCartId).toBeNull();
  });

  it('refuses to order an empty smart cart or one with an unavailable offering', async () => {
    const empty = await json(
      await platform.call(smartCartPaths.smartCarts, {
        method: 'POST',
        token,
        body: { name: 'Empty' },
      }),
      201,
      SmartCart,
    );
    const response = await platform.call(smartCartPaths.order(empty.id), {
      method: 'POST',
      token,
      body: choice,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('This smart cart has no items');

    const cart = await create('Soon gone');
    await platform.db.query('update offerings set available = false where id = $1', [
      offerings[1]!.id,
    ]);
    try {
      const refused = await platform.call(smartCartPaths.order(cart.id), {
        method: 'POST',
        token,
        body: choice,
      });
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.message).toContain(offerings[1]!.id);
      const read = await json(
        await platform.call(smartCartPaths.smartCart(cart.id), { token }),
        200,
        SmartCart,
      );
      expect(read.subtotal).toBe(offerings[0]!.single * 2);
    } finally {
      await platform.db.query('update offerings set available = true where id = $1', [
        offerings[1]!.id,
      ]);
    }
  });

  it("hides other shoppers' smart carts, answers 401 to guests and 400 to bad input", async () => {
    const cart = await create('Mine');
    for (const [path, method, body] of [
      [smartCartPaths.smartCart(cart.id), 'GET', undefined],
      [smartCartPaths.smartCart(cart.id), 'PUT', { name: 'Theirs' }],
      [smartCartPaths.smartCart(cart.id), 'DELETE', undefined],
      [smartCartPaths.order(cart.id), 'POST', choice],
    ] as const) {
      expect(
        (await platform.call(path, { method, token: other, body })).status,
        `${method} ${path}`,
      ).toBe(404);
    }
    expect((await platform.call(smartCartPaths.smartCarts)).status).toBe(401);
    for (const body of [
      { name: '' },
      { name: 'x', items: [{ offeringId: 'off-nope', quantity: 1 }] },
      { name: 'x', items: [{ offeringId: offerings[0]!.id, quantity: 0 }] },
      { items: 'many' },
    ]) {
      const response = await platform.call(smartCartPaths.smartCarts, {
        method: 'POST',
        token,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error.message.length).toBeGreaterThan(5);
    }
    expect(
      (await platform.call(smartCartPaths.smartCart(cart.id), { method: 'PUT', token, body: {} }))
        .status,
    ).toBe(400);
    expect(
      (
        await platform.call(smartCartPaths.order(cart.id), {
          method: 'POST',
          token,
          body: { ...choice, slotId: undefined },
        })
      ).status,
    ).toBe(400);
  });
});
