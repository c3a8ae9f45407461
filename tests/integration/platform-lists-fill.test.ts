import { describe, expect, it } from 'vitest';
import {
  listPaths,
  smartCartPaths,
  ShoppingList,
  SmartCart,
  ToCartResult,
} from '../../shared/contracts/lists';
import { addToCart, newShopper, startOrdersPlatform } from './platform-orders-support';

// Lists and smart carts that fill (issue #29 item 1), over HTTP against the reference platform:
// list items keep single or case, a list (or one item) goes into the cart with what cannot be
// bought named, the cart is saved as a smart cart, and a smart cart goes into the cart.
const orders = startOrdersPlatform();

async function newList(token: string, name = 'Fill me') {
  const response = await orders.platform.call(listPaths.lists, {
    method: 'POST',
    token,
    body: { name },
  });
  expect(response.status).toBe(201);
  return ShoppingList.parse(await response.json());
}

async function addItem(token: string, listId: string, body: unknown) {
  const response = await orders.platform.call(listPaths.items(listId), {
    method: 'POST',
    token,
    body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ShoppingList.parse(await response.json());
}

const cartItems = (result: ToCartResult) =>
  result.booking.items.map((i) => `${i.offeringId}:${i.byCase ? 'case' : 'single'}:${i.quantity}`);

describe('shopping lists keep the unit', () => {
  it('keeps single and case of one offering as two items, adding up within a unit', async () => {
    const shopper = await newShopper();
    const [a] = orders.offerings;
    const list = await newList(shopper.token);
    await addItem(shopper.token, list.id, { offeringId: a!.id, quantity: 2 });
    await addItem(shopper.token, list.id, { offeringId: a!.id, quantity: 1, byCase: true });
    const after = await addItem(shopper.token, list.id, { offeringId: a!.id, quantity: 3 });
    expect(after.items.map((i) => [i.byCase, i.quantity])).toEqual([
      [false, 5],
      [true, 1],
    ]);
  });
});

describe('a list into the cart', () => {
  it('adds every item in its unit to what the cart holds and names the unavailable ones', async () => {
    const shopper = await newShopper();
    const [a, b, gone] = orders.offerings;
    await addToCart(shopper.token, a!.id, 1);
    const list = await newList(shopper.token);
    await addItem(shopper.token, list.id, { offeringId: a!.id, quantity: 2 });
    await addItem(shopper.token, list.id, { offeringId: b!.id, quantity: 1, byCase: true });
    await addItem(shopper.token, list.id, { offeringId: gone!.id, quantity: 1 });
    await orders.platform.db.query('update offerings set available = false where id = $1', [
      gone!.id,
    ]);
    try {
      const response = await orders.platform.call(listPaths.toCart(list.id), {
        method: 'POST',
        token: shopper.token,
        body: {},
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const result = ToCartResult.parse(await response.json());
      // Two items, three units (two singles and a case), as the cart counts them.
      expect(result).toMatchObject({ added: 2, units: 3 });
      expect(result.notAdded).toEqual([
        { offeringId: gone!.id, name: gone!.name, reason: 'unavailable' },
      ]);
      expect(cartItems(result)).toEqual([`${a!.id}:single:3`, `${b!.id}:case:1`]);
    } finally {
      await orders.platform.db.query('update offerings set available = true where id = $1', [
        gone!.id,
      ]);
    }
  });

  it('adds one item when named, and refuses an item of another list', async () => {
    const shopper = await newShopper();
    const [a, b] = orders.offerings;
    const list = await newList(shopper.token);
    await addItem(shopper.token, list.id, { offeringId: a!.id, quantity: 2 });
    const full = await addItem(shopper.token, list.id, { offeringId: b!.id, quantity: 4 });
    const second = full.items[1]!;
    const one = await orders.platform.call(listPaths.toCart(list.id), {
      method: 'POST',
      token: shopper.token,
      body: { itemIds: [second.id] },
    });
    expect(one.status).toBe(200);
    expect(cartItems(ToCartResult.parse(await one.json()))).toEqual([`${b!.id}:single:4`]);

    const unknown = await orders.platform.call(listPaths.toCart(list.id), {
      method: 'POST',
      token: shopper.token,
      body: { itemIds: ['item-nope'] },
    });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toMatch(/no such item/i);

    const other = await newShopper();
    const theirs = await orders.platform.call(listPaths.toCart(list.id), {
      method: 'POST',
      token: other.token,
      body: {},
    });
    expect(theirs.status).toBe(404);
  });

  it('adds up to what a cart line holds and names the items that did not fit whole', async () => {
    const shopper = await newShopper();
    const [a, b, c] = orders.offerings;
    await addToCart(shopper.token, a!.id, 9_990);
    await addToCart(shopper.token, b!.id, 9_999);
    const list = await newList(shopper.token);
    await addItem(shopper.token, list.id, { offeringId: a!.id, quantity: 20 });
    await addItem(shopper.token, list.id, { offeringId: b!.id, quantity: 1 });
    await addItem(shopper.token, list.id, { offeringId: c!.id, quantity: 3 });
    const response = await orders.platform.call(listPaths.toCart(list.id), {
      method: 'POST',
      token: shopper.token,
      body: {},
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const result = ToCartResult.parse(await response.json());
    // a: 9 of its 20 went in; b: none (its line was full); c: all 3.
    expect(cartItems(result)).toEqual([
      `${a!.id}:single:9999`,
      `${b!.id}:single:9999`,
      `${c!.id}:single:3`,
    ]);
    // The units that went in: 9 of a's 20, none of b's, c's 3.
    expect(result).toMatchObject({ added: 2, units: 12 });
    expect(result.capped).toEqual([
      { offeringId: a!.id, name: a!.name },
      { offeringId: b!.id, name: b!.name },
    ]);
    expect(result.notAdded).toEqual([]);
  });

  it("refuses a guest (lists are an account's)", async () => {
    const guest = await orders.platform.guest();
    const response = await orders.platform.call(listPaths.toCart('list-fresh-demo-weekly'), {
      method: 'POST',
      token: guest.access_token,
      body: {},
    });
    expect(response.status).toBe(401);
  });
});

describe('smart carts and the cart', () => {
  it('saves the cart as a smart cart, leaves the cart as it was, and puts it back in', async () => {
    const shopper = await newShopper();
    const [a, b] = orders.offerings;
    await addToCart(shopper.token, a!.id, 2);
    const cart = await addToCart(shopper.token, b!.id, 1, true);

    const saved = await orders.platform.call(smartCartPaths.fromCart, {
      method: 'POST',
      token: shopper.token,
      body: { name: 'Friday' },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const smart = SmartCart.parse(await saved.json());
    expect(smart.name).toBe('Friday');
    expect(smart.items.map((i) => [i.offeringId, i.byCase, i.quantity])).toEqual([
      [a!.id, false, 2],
      [b!.id, true, 1],
    ]);
    expect(smart.subtotal).toBe(2 * a!.single + b!.case);
    const unchanged = await orders.platform.call(
      '/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh',
      { token: shopper.token },
    );
    expect((await unchanged.json()).items).toEqual(cart.items);

    const back = await orders.platform.call(smartCartPaths.toCart(smart.id), {
      method: 'POST',
      token: shopper.token,
    });
    expect(back.status, await back.clone().text()).toBe(200);
    const result = ToCartResult.parse(await back.json());
    expect(result).toMatchObject({ added: 2, units: 3, notAdded: [] });
    expect(cartItems(result)).toEqual([`${a!.id}:single:4`, `${b!.id}:case:2`]);
  });

  it('refuses to save an empty cart, with a message', async () => {
    const shopper = await newShopper();
    const response = await orders.platform.call(smartCartPaths.fromCart, {
      method: 'POST',
      token: shopper.token,
      body: { name: 'Nothing' },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/cart is empty/);
  });
});
