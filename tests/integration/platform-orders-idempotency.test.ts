import { describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking';
import { smartCartPaths } from '../../shared/contracts/lists';
import { OrderDetail, orderPaths } from '../../shared/contracts/orders';
import { newShopper, startOrdersPlatform } from './platform-orders-support';

// Placing an order is idempotent with an Idempotency-Key (docs/decisions/0140): a replayed or
// concurrent submission with the same key answers the first order and never places a second.
const orders = startOrdersPlatform();

/** A shopper ready to order (./platform-orders-support.ts), with what these tests do. */
async function newIdemShopper() {
  const { token, choice, accountId } = await newShopper();
  const offeringId = orders.offerings[0]!.id;
  const fillCart = async () =>
    expect(
      (
        await orders.platform.call(bookingPaths.item('fresh'), {
          method: 'PUT',
          token,
          body: { offeringId, quantity: 2, byCase: false },
        })
      ).status,
    ).toBe(200);
  const order = (key?: string, path: string = orderPaths.orders) =>
    orders.platform.call(path, {
      method: 'POST',
      token,
      body: choice,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const orderCount = async () =>
    (
      await orders.platform.db.query<{ n: number }>(
        'select count(*)::int as n from orders where account_id = $1',
        [accountId],
      )
    ).rows[0]!.n;
  return { token, choice, fillCart, order, orderCount };
}

describe('placing an order with an Idempotency-Key', () => {
  it('answers a replay with the first order (200, Idempotent-Replayed) and places one', async () => {
    const shopper = await newIdemShopper();
    await shopper.fillCart();
    const first = await shopper.order('checkout-key-0001');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const placed = OrderDetail.parse(await first.json());
    // The cart is empty now: without the key the same request would be refused.
    const replay = await shopper.order('checkout-key-0001');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(OrderDetail.parse(await replay.json())).toEqual(placed);
    expect(await shopper.orderCount()).toBe(1);
    expect((await shopper.order()).status).toBe(400); // empty cart, no key: not a replay
  });

  it('places one order for concurrent submissions with one key', async () => {
    const shopper = await newIdemShopper();
    await shopper.fillCart();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => shopper.order('double-click-key')),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (a) => (await a.json()).id)));
    expect(ids.size).toBe(1);
    expect(await shopper.orderCount()).toBe(1);
  });

  it('places a new order for a new key, and scopes keys to the account', async () => {
    const one = await newIdemShopper();
    const two = await newIdemShopper();
    await one.fillCart();
    await two.fillCart();
    const a = OrderDetail.parse(await (await one.order('shared-key-0001')).json());
    const b = await two.order('shared-key-0001');
    expect(b.status).toBe(201);
    expect((await b.json()).id).not.toBe(a.id);
    await one.fillCart();
    const again = await one.order('shared-key-0002');
    expect(again.status).toBe(201);
    expect((await again.json()).id).not.toBe(a.id);
    expect(await one.orderCount()).toBe(2);
  });

  it('does not keep the key of a refused submission', async () => {
    const shopper = await newIdemShopper();
    const refused = await shopper.order('first-try-key');
    expect(refused.status).toBe(400); // empty cart
    await shopper.fillCart();
    expect((await shopper.order('first-try-key')).status).toBe(201);
  });

  it('refuses a malformed key with a 400 in the error shape', async () => {
    const shopper = await newIdemShopper();
    await shopper.fillCart();
    for (const key of ['short', 'x'.repeat(129), 'has space in it']) {
      const answer = await shopper.order(key);
      expect(answer.status).toBe(400);
      expect((await answer.json()).error.code).toBe('bad_request');
    }
    expect(await shopper.orderCount()).toBe(0);
  });

  it('makes ordering a smart cart idempotent too', async () => {
    const shopper = await newIdemShopper();
    const created = await orders.platform.call(smartCartPaths.smartCarts, {
      method: 'POST',
      token: shopper.token,
      body: { name: 'Weekly', items: [{ offeringId: orders.offerings[0]!.id, quantity: 1 }] },
    });
    expect(created.status).toBe(201);
    const path = smartCartPaths.order((await created.json()).id);
    const first = await shopper.order('smart-cart-key-1', path);
    expect(first.status).toBe(201);
    const replay = await shopper.order('smart-cart-key-1', path);
    expect(replay.status).toBe(200);
    expect((await replay.json()).id).toBe((await first.json()).id);
    expect(await shopper.orderCount()).toBe(1);
  });
});
