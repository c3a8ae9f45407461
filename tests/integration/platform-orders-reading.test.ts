import { describe, expect, it } from 'vitest';
import { seed as commerceSeed } from '../../platform/seed/03-commerce';
import { OrderDetail, OrderPage, orderPaths } from '../../shared/contracts/orders';
import { addToCart, newShopper, placeOrder, startOrdersPlatform } from './platform-orders-support';

// Reading orders over real HTTP against a seeded reference platform: the list, the detail, the
// demo shopper's history and the access rules.
const orders = startOrdersPlatform();

describe('reading orders', () => {
  it("lists newest first with pagination and shows only the shopper's own orders", async () => {
    const shopper = await newShopper();
    const placed: string[] = [];
    for (const offering of orders.offerings.slice(0, 3)) {
      await addToCart(shopper.token, offering.id, 1);
      placed.push((await placeOrder(shopper)).id);
    }
    const page1 = OrderPage.parse(
      await (
        await orders.platform.call(`${orderPaths.orders}?page=1&pageSize=2`, {
          token: shopper.token,
        })
      ).json(),
    );
    expect(page1.total).toBe(3);
    expect(page1.items.map((o) => o.id)).toEqual([placed[2], placed[1]]);
    expect(page1.items[0]).toMatchObject({
      status: 'placed',
      currency: 'EUR',
      lineCount: 1,
      smartCartId: null,
    });
    const page2 = OrderPage.parse(
      await (
        await orders.platform.call(`${orderPaths.orders}?page=2&pageSize=2`, {
          token: shopper.token,
        })
      ).json(),
    );
    expect(page2.items.map((o) => o.id)).toEqual([placed[0]]);
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    const past = OrderPage.parse(
      await (
        await orders.platform.call(`${orderPaths.orders}?page=3&pageSize=2`, {
          token: shopper.token,
        })
      ).json(),
    );
    expect(past).toEqual({ items: [], page: 3, pageSize: 2, total: 3 });

    const other = await newShopper();
    const foreign = await orders.platform.call(orderPaths.order(placed[0]!), {
      token: other.token,
    });
    expect(foreign.status).toBe(404);
    const theirs = OrderPage.parse(
      await (await orders.platform.call(orderPaths.orders, { token: other.token })).json(),
    );
    expect(theirs).toMatchObject({ items: [], total: 0 });
  });

  it('shows the seeded history of the demo shopper with one editable order', async () => {
    // The seeded database may be a cached dump from days ago: a start re-runs the seed, and so do we.
    await commerceSeed(orders.platform.db);
    const token = await orders.platform.tokenFor({
      principalId: 'acc-fresh-demo',
      accountId: 'acc-fresh-demo',
      tenantId: 'fresh',
    });
    const page = OrderPage.parse(
      await (await orders.platform.call(orderPaths.orders, { token })).json(),
    );
    const seeded = page.items.filter((o) => o.id.startsWith('ord-fresh-demo-'));
    expect(seeded.map((o) => o.status).sort()).toEqual(['delivered', 'delivered', 'placed']);
    const upcoming = OrderDetail.parse(
      await (await orders.platform.call(orderPaths.order('ord-fresh-demo-3'), { token })).json(),
    );
    expect(upcoming.editable).toBe(true);
  });

  it('answers 401 to guests (but their quote and the slots) and to a token of another shop', async () => {
    const guest = await orders.platform.tokenFor({
      principalId: 'guest:orders',
      accountId: null,
      tenantId: 'fresh',
    });
    const harbour = await orders.platform.tokenFor({
      principalId: 'acc-harbour-demo',
      accountId: 'acc-harbour-demo',
      tenantId: 'harbour',
    });
    for (const token of [undefined, guest, harbour]) {
      for (const [path, method] of [
        [orderPaths.orders, 'GET'],
        [orderPaths.quote, 'POST'],
        [orderPaths.deliverySlots, 'GET'],
        [orderPaths.order('ord-fresh-demo-1'), 'GET'],
      ] as const) {
        const response = await orders.platform.call(path, {
          method,
          token,
          body: method === 'POST' ? {} : undefined,
        });
        // A guest may quote its own cart and see the slots: guest checkout (issue #29).
        const guestMay = token === guest && path !== orderPaths.orders && !path.includes('ord-');
        expect(response.status, `${method} ${path}`).toBe(guestMay ? 200 : 401);
      }
    }
  });

  it('answers bad queries and bodies with a 400 and a message, never a 500', async () => {
    const shopper = await newShopper();
    const bad: [string, string, unknown][] = [
      [`${orderPaths.orders}?page=0`, 'GET', undefined],
      [`${orderPaths.orders}?pageSize=abc`, 'GET', undefined],
      [orderPaths.orders, 'POST', { addressId: 5, slotId: [], paymentMethodId: null }],
      [orderPaths.orders, 'POST', 'not an object'],
      [orderPaths.quote, 'POST', { slotId: 42 }],
      [orderPaths.order('x'.repeat(150)), 'GET', undefined],
    ];
    for (const [path, method, body] of bad) {
      const response = await orders.platform.call(path, { method, token: shopper.token, body });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect((await response.json()).error.message).toMatch(/Invalid/);
    }
    const broken = await fetch(orders.platform.url + orderPaths.orders, {
      method: 'POST',
      headers: {
        ...orders.platform.headers('fresh', shopper.token),
        'content-type': 'application/json',
      },
      body: '{"addressId":',
    });
    expect(broken.status).toBe(400);
  });
});
