import { describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking';
import { listPaths, smartCartPaths } from '../../shared/contracts/lists';
import { orderPaths } from '../../shared/contracts/orders';
import {
  addToCart,
  errorOf,
  newShopper,
  placeOrder,
  readCart,
  startOrdersPlatform,
} from './platform-orders-support';

// A quantity typed into a JSON body (ADR 0339) is a whole number in range or a 400 naming the
// field, in each of the four places a quantity is stored, and nothing is written.
const orders = startOrdersPlatform();

describe('a quantity in a JSON body that is no whole number in range (ADR 0339)', () => {
  // Checked by the contract's schema before any handler: a 400 naming the field, nothing written.
  // JSON's 1e3 and 1.0 are the numbers 1000 and 1, which is what they mean, so they are taken.
  const BAD = ['1.5', '"1"', '-1', '1e15', 'null', '1e400', '9007199254740993', '[1]', '{}'];

  it.each(BAD)(
    'refuses %s in a cart, a list, a smart cart and an order, changing none',
    async (typed) => {
      const shopper = await newShopper();
      const offeringId = orders.offerings[4]!.id;
      const line = `{"offeringId":"${offeringId}","byCase":false,"quantity":${typed}}`;
      await addToCart(shopper.token, offeringId, 2);
      const order = await placeOrder(shopper);
      await addToCart(shopper.token, offeringId, 2);
      const list = await (
        await orders.platform.call(listPaths.lists, {
          method: 'POST',
          token: shopper.token,
          body: { name: 'Typed' },
        })
      ).json();
      const smart = await (
        await orders.platform.call(smartCartPaths.smartCarts, {
          method: 'POST',
          token: shopper.token,
          body: { name: 'Typed', items: [{ offeringId, quantity: 2 }] },
        })
      ).json();
      const send = (path: string, method: string, body: string) =>
        fetch(orders.platform.url + path, {
          method,
          headers: {
            ...orders.platform.headers('fresh', shopper.token),
            'content-type': 'application/json',
          },
          body,
        });
      for (const [path, method, body] of [
        [bookingPaths.item('fresh'), 'PUT', line],
        [listPaths.items(list.id), 'POST', line],
        [smartCartPaths.smartCart(smart.id), 'PUT', `{"items":[${line}]}`],
        [orderPaths.order(order.id), 'PUT', `{"lines":[${line}]}`],
      ] as const) {
        const refused = await errorOf(await send(path, method, body));
        expect(refused.status, path).toBe(400);
        expect(refused.message, path).toMatch(/^Invalid body: (items\.0\.|lines\.0\.)?quantity: /);
      }
      const quantities = async (path: string, field: 'items' | 'lines') =>
        (
          (await (await orders.platform.call(path, { token: shopper.token })).json()) as Record<
            string,
            { quantity: number }[]
          >
        )[field]!.map((item) => item.quantity);
      expect((await readCart(shopper)).items.map((item) => item.quantity)).toEqual([2]);
      expect(await quantities(listPaths.list(list.id), 'items')).toEqual([]);
      expect(await quantities(smartCartPaths.smartCart(smart.id), 'items')).toEqual([2]);
      expect(await quantities(orderPaths.order(order.id), 'lines')).toEqual([2]);
    },
  );
});
