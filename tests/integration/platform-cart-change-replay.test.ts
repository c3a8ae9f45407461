import { describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import {
  listPaths,
  smartCartPaths,
  ToCartResult,
  type ShoppingList,
  type SmartCart,
} from '../../shared/contracts/lists';
import {
  addToCart,
  newShopper,
  placeOrder,
  startOrdersPlatform,
  type Shopper,
} from './platform-orders-support';

// The cart changes that add (a list or a smart cart into the cart, a past order copied into it)
// with an Idempotency-Key (docs/decisions/0328): the same request with the same key is answered
// with what the first one said (200, Idempotent-Replayed) and adds nothing; another request, a
// new key, another account's key do add; a refused change keeps no key.
const orders = startOrdersPlatform();

const keyed = (key?: string): Record<string, string> =>
  key === undefined ? {} : { 'idempotency-key': key };

function callsOf(shopper: Shopper) {
  const call = (path: string, method: string, body?: unknown, key?: string) =>
    orders.platform.call(path, { method, token: shopper.token, body, headers: keyed(key) });
  const json = async <T>(path: string, method: string, body?: unknown): Promise<T> => {
    const answer = await call(path, method, body);
    expect(answer.ok, `${method} ${path}: ${answer.status}`).toBe(true);
    return (await answer.json()) as T;
  };
  return {
    call,
    toCart: (path: string, key?: string, body: unknown = {}) => call(path, 'POST', body, key),
    copy: (orderId: string, override: boolean, key?: string) =>
      call(
        `${bookingPaths.copyBookingToCart}?${new URLSearchParams({ bookingId: orderId, override: String(override) })}`,
        'GET',
        undefined,
        key,
      ),
    list: async (lines: { offeringId: string; quantity: number }[]) => {
      const list = await json<ShoppingList>(listPaths.lists, 'POST', { name: 'Replay' });
      for (const line of lines) await json(listPaths.items(list.id), 'POST', line);
      return json<ShoppingList>(listPaths.list(list.id), 'GET');
    },
    smartCart: (items: { offeringId: string; quantity: number }[]) =>
      json<SmartCart>(smartCartPaths.smartCarts, 'POST', { name: 'Replay', items }),
    lines: async () =>
      Object.fromEntries(
        Booking.parse(await json(bookingPaths.cart('fresh'), 'GET')).items.map((item) => [
          item.offeringId,
          item.quantity,
        ]),
      ),
  };
}

const said = ({ booking: _cart, ...rest }: ToCartResult) => rest;

describe('a list into the cart with an Idempotency-Key', () => {
  it('answers the same request again with the first fill, capped lines too, and adds once', async () => {
    const owner = await newShopper();
    const shopper = callsOf(owner);
    const [a, b] = orders.offerings;
    await addToCart(owner.token, a!.id, 9_998); // a cart line holds 9,999 at most
    const list = await shopper.list([
      { offeringId: a!.id, quantity: 2 },
      { offeringId: b!.id, quantity: 5 },
    ]);
    const path = listPaths.toCart(list.id);

    const first = await shopper.toCart(path, 'list-form-key-1');
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const filled = ToCartResult.parse(await first.json());
    expect(said(filled)).toEqual({
      added: 2,
      units: 6,
      notAdded: [],
      capped: [{ offeringId: a!.id, name: a!.name }],
    });
    const replay = await shopper.toCart(path, 'list-form-key-1');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const replayed = ToCartResult.parse(await replay.json());
    expect(said(replayed)).toEqual(said(filled));
    expect(replayed.booking).toEqual(filled.booking);
    expect(await shopper.lines()).toEqual({ [a!.id]: 9_999, [b!.id]: 5 });

    // Another request with the page's key (one item's "Add to cart") is another submission.
    const one = await shopper.toCart(path, 'list-form-key-1', { itemIds: [list.items[1]!.id] });
    expect(one.headers.get('idempotent-replayed')).toBeNull();
    expect(await shopper.lines()).toEqual({ [a!.id]: 9_999, [b!.id]: 10 });
    // A new rendering of the form (a new key), and no key at all, add again.
    expect((await shopper.toCart(path, 'list-form-key-2')).status).toBe(200);
    expect((await shopper.toCart(path)).status).toBe(200);
    expect(await shopper.lines()).toEqual({ [a!.id]: 9_999, [b!.id]: 20 });
  });

  it('keeps no key for a refused fill, and scopes keys to the account', async () => {
    const one = callsOf(await newShopper());
    const two = callsOf(await newShopper());
    const [a] = orders.offerings;
    const list = await one.list([]);
    const refused = await one.toCart(listPaths.toCart(list.id), 'refused-key-1');
    expect(refused.status).toBe(400);
    await one.call(listPaths.items(list.id), 'POST', { offeringId: a!.id, quantity: 3 });
    const again = await one.toCart(listPaths.toCart(list.id), 'refused-key-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await one.lines()).toEqual({ [a!.id]: 3 });

    const theirs = await two.list([{ offeringId: a!.id, quantity: 4 }]);
    const other = await two.toCart(listPaths.toCart(theirs.id), 'refused-key-1');
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(await two.lines()).toEqual({ [a!.id]: 4 });
    expect(await one.lines()).toEqual({ [a!.id]: 3 });
  });

  it('refuses a malformed key (400) and adds nothing', async () => {
    const shopper = callsOf(await newShopper());
    const list = await shopper.list([{ offeringId: orders.offerings[0]!.id, quantity: 1 }]);
    expect((await shopper.toCart(listPaths.toCart(list.id), 'short')).status).toBe(400);
    expect(await shopper.lines()).toEqual({});
  });
});

describe('a smart cart into the cart with an Idempotency-Key', () => {
  it('adds once for concurrent requests with one key, each told what the fill did', async () => {
    const shopper = callsOf(await newShopper());
    const [a, b] = orders.offerings;
    const smart = await shopper.smartCart([
      { offeringId: a!.id, quantity: 3 },
      { offeringId: b!.id, quantity: 4 },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        shopper.toCart(smartCartPaths.toCart(smart.id), 'smart-double-click'),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed')).length).toBe(4);
    const bodies = await Promise.all(
      answers.map(async (answer) => said(ToCartResult.parse(await answer.json()))),
    );
    for (const body of bodies)
      expect(body).toEqual({ added: 2, units: 7, notAdded: [], capped: [] });
    expect(await shopper.lines()).toEqual({ [a!.id]: 3, [b!.id]: 4 });
  });
});

describe('a past order copied into the cart with an Idempotency-Key', () => {
  it('merges once, answers a replay with the cart as it is, and replaces on the other button', async () => {
    const owner = await newShopper();
    const shopper = callsOf(owner);
    const [a, b, c] = orders.offerings;
    await addToCart(owner.token, a!.id, 2);
    await addToCart(owner.token, b!.id, 1);
    const order = await placeOrder(owner);
    await addToCart(owner.token, c!.id, 1);

    const first = await shopper.copy(order.id, false, 'reorder-key-01');
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const replay = await shopper.copy(order.id, false, 'reorder-key-01');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(Booking.parse(await replay.json())).toEqual(Booking.parse(await first.json()));
    expect(await shopper.lines()).toEqual({ [a!.id]: 2, [b!.id]: 1, [c!.id]: 1 });

    // "Replace my cart" of the same rendered form is another request: it is carried out.
    const replaced = await shopper.copy(order.id, true, 'reorder-key-01');
    expect(replaced.headers.get('idempotent-replayed')).toBeNull();
    expect(await shopper.lines()).toEqual({ [a!.id]: 2, [b!.id]: 1 });
    const merged = await Promise.all(
      [1, 2, 3].map(() => shopper.copy(order.id, false, 'reorder-key-03')),
    );
    expect(merged.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await shopper.lines()).toEqual({ [a!.id]: 4, [b!.id]: 2 });
  });
});
