import { describe, expect, it } from 'vitest';
import { SmartCart, smartCartPaths } from '../../shared/contracts/lists';
import {
  addToCart,
  errorOf,
  newShopper,
  readCart,
  startOrdersPlatform,
  type Shopper,
} from './platform-orders-support';

// The cart added to a smart cart (ADR 0371), over HTTP against the reference platform: an
// offering it holds in that unit adds up within a line's limit, the others go after its items, the
// cart stays as it was; an empty cart, too many items and someone else's smart cart are refused,
// and the same request with the same Idempotency-Key adds once.
const orders = startOrdersPlatform();

type Line = { offeringId: string; quantity: number; byCase?: boolean };

async function smartCart(shopper: Shopper, items: Line[]) {
  const response = await orders.platform.call(smartCartPaths.smartCarts, {
    method: 'POST',
    token: shopper.token,
    body: { name: 'Weekly', items },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return SmartCart.parse(await response.json());
}

const addCart = (shopper: Shopper, id: string, key?: string) =>
  orders.platform.call(smartCartPaths.addCart(id), {
    method: 'POST',
    token: shopper.token,
    headers: key ? { 'idempotency-key': key } : {},
  });

async function added(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200);
  return SmartCart.parse(await response.json());
}

const linesOf = (cart: SmartCart) =>
  cart.items.map((i) => `${i.offeringId}:${i.byCase ? 'case' : 'single'}:${i.quantity}`);

async function readSmartCart(shopper: Shopper, id: string) {
  const response = await orders.platform.call(smartCartPaths.smartCart(id), {
    token: shopper.token,
  });
  return SmartCart.parse(await response.json());
}

describe('the cart added to a smart cart', () => {
  it('fills an emptied smart cart, adds up by unit, appends new lines and leaves the cart', async () => {
    const shopper = await newShopper();
    const [a, b, c] = orders.offerings;
    const smart = await smartCart(shopper, [{ offeringId: a!.id, quantity: 1 }]);
    const emptied = await orders.platform.call(smartCartPaths.smartCart(smart.id), {
      method: 'PUT',
      token: shopper.token,
      body: { items: [] },
    });
    expect(emptied.status).toBe(200);

    await addToCart(shopper.token, a!.id, 2);
    await addToCart(shopper.token, b!.id, 1, true);
    const filled = await added(await addCart(shopper, smart.id));
    expect(linesOf(filled)).toEqual([`${a!.id}:single:2`, `${b!.id}:case:1`]);
    expect(filled.subtotal).toBe(2 * a!.single + b!.case);

    // Next week's cart: more of a in singles, a in cases (another line), c new.
    await addToCart(shopper.token, a!.id, 3);
    await addToCart(shopper.token, a!.id, 1, true);
    const cart = await addToCart(shopper.token, c!.id, 4);
    const again = await added(await addCart(shopper, smart.id));
    expect(linesOf(again)).toEqual([
      `${a!.id}:single:5`,
      `${b!.id}:case:2`,
      `${a!.id}:case:1`,
      `${c!.id}:single:4`,
    ]);
    expect(linesOf(await readSmartCart(shopper, smart.id))).toEqual(linesOf(again));
    // The cart is as the shopper left it.
    expect((await readCart(shopper)).items).toEqual(cart.items);
    expect(cart.items.map((i) => [i.offeringId, i.byCase, i.quantity])).toEqual([
      [a!.id, false, 3],
      [b!.id, true, 1],
      [a!.id, true, 1],
      [c!.id, false, 4],
    ]);
  });

  it('adds up to what a line holds', async () => {
    const shopper = await newShopper();
    const [a, b] = orders.offerings;
    const smart = await smartCart(shopper, [
      { offeringId: a!.id, quantity: 9_990 },
      { offeringId: b!.id, quantity: 9_999 },
    ]);
    await addToCart(shopper.token, a!.id, 20);
    await addToCart(shopper.token, b!.id, 1);
    const capped = await added(await addCart(shopper, smart.id));
    expect(linesOf(capped)).toEqual([`${a!.id}:single:9999`, `${b!.id}:single:9999`]);
  });

  it('refuses an empty cart with a message, the smart cart unchanged', async () => {
    const shopper = await newShopper();
    const [a] = orders.offerings;
    const smart = await smartCart(shopper, [{ offeringId: a!.id, quantity: 2 }]);
    expect(await errorOf(await addCart(shopper, smart.id))).toEqual({
      status: 400,
      message: 'Your cart is empty: nothing to add',
    });
    expect(linesOf(await readSmartCart(shopper, smart.id))).toEqual([`${a!.id}:single:2`]);
  });

  it('refuses a smart cart that would hold more than 200 items', async () => {
    const shopper = await newShopper();
    const { rows } = await orders.platform.db.query<{ id: string }>(
      "select id from offerings where tenant_id = 'fresh' and available order by id limit 201",
    );
    const held = rows.slice(0, 200).map((r) => ({ offeringId: r.id, quantity: 1 }));
    const smart = await smartCart(shopper, held);
    await addToCart(shopper.token, rows[200]!.id, 1);
    const refused = await errorOf(await addCart(shopper, smart.id));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/at most 200 items, and this one would have 201/);
    expect((await readSmartCart(shopper, smart.id)).items).toHaveLength(200);
  });

  it("is a 404 for another shopper's smart cart, which stays as it was", async () => {
    const owner = await newShopper();
    const other = await newShopper();
    const [a, b] = orders.offerings;
    const smart = await smartCart(owner, [{ offeringId: a!.id, quantity: 2 }]);
    await addToCart(other.token, b!.id, 3);
    expect((await addCart(other, smart.id)).status).toBe(404);
    // Not told apart from a smart cart that does not exist, cart or no cart.
    expect((await addCart(await newShopper(), smart.id)).status).toBe(404);
    expect(linesOf(await readSmartCart(owner, smart.id))).toEqual([`${a!.id}:single:2`]);
    const guest = await orders.platform.guest();
    const asGuest = await orders.platform.call(smartCartPaths.addCart(smart.id), {
      method: 'POST',
      token: guest.access_token,
    });
    expect(asGuest.status).toBe(401);
  });

  it('adds once per Idempotency-Key, concurrent requests included; a new key adds again', async () => {
    const shopper = await newShopper();
    const [a] = orders.offerings;
    const smart = await smartCart(shopper, [{ offeringId: a!.id, quantity: 1 }]);
    await addToCart(shopper.token, a!.id, 2);
    const answers = await Promise.all(
      [1, 2, 3].map(() => addCart(shopper, smart.id, 'add-cart-double-click')),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed')).length).toBe(2);
    for (const answer of answers)
      expect(linesOf(SmartCart.parse(await answer.json()))).toEqual([`${a!.id}:single:3`]);
    const next = await added(await addCart(shopper, smart.id, 'add-cart-next-week'));
    expect(linesOf(next)).toEqual([`${a!.id}:single:5`]);
    // The cart itself was never touched.
    expect((await readCart(shopper)).items.map((i) => i.quantity)).toEqual([2]);
  });
});
