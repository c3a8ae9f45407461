import type { Booking, BookingItemInput } from '../../shared/contracts/booking';
import type { CartApi, CartResult } from './cart-api';
import { MAX_CART_LINES } from '../../shared/line-limits';

// An in-memory booking-ms for the store's unit tests: absolute quantities, a strictly increasing
// lastUpdate, and answers a test may hold back (to reorder them) or turn into failures.
export type FakeCall = { kind: string; input?: unknown; release(): void };

export function createFakeCartApi() {
  let clock = Date.parse('2026-01-01T00:00:00Z');
  let items: Booking['items'] = [];
  let nextUid = 0;
  let hold = false;
  const held: FakeCall[] = [];
  const calls: string[] = [];
  const failures: string[] = [];

  const snapshot = (): Booking => ({
    uid: 'cart-1',
    items: items.map((i) => ({ ...i })),
    notes: [],
    lastUpdate: new Date(clock).toISOString(),
  });
  const change = (apply: () => void): Booking => {
    apply();
    clock += 1;
    return snapshot();
  };
  // The server changes the cart at call time; only the answer waits (as on the network).
  function answer(kind: string, input: unknown, compute: () => Booking): Promise<CartResult> {
    calls.push(kind);
    if (failures[0] === kind) {
      failures.shift();
      return Promise.resolve({
        ok: false,
        status: 500,
        error: { code: 'error', message: `[500] ${kind} failed` },
      });
    }
    const booking = compute();
    const result: CartResult = { ok: true, booking };
    if (!hold) return Promise.resolve(result);
    return new Promise((resolve) => held.push({ kind, input, release: () => resolve(result) }));
  }
  const notInCart = (uid: string): Promise<CartResult> => {
    calls.push('delete');
    return Promise.resolve({
      ok: false,
      status: 404,
      error: { code: 'not_found', message: `No item ${uid} in the cart` },
    });
  };
  const setItem = (item: BookingItemInput) => {
    items = items.filter(
      (i) => !(i.offeringId === item.offeringId && i.byCase === item.byCase) || item.quantity > 0,
    );
    const found = items.find((i) => i.offeringId === item.offeringId && i.byCase === item.byCase);
    if (found) found.quantity = item.quantity;
    else if (item.quantity > 0) items.push({ ...item, uid: `item-${++nextUid}` });
  };

  // As booking-ms: a new line past the cart's most is a 400.
  const noRoomFor = (item: BookingItemInput) =>
    item.quantity > 0 &&
    items.length >= MAX_CART_LINES &&
    !items.some((i) => i.offeringId === item.offeringId && i.byCase === item.byCase);

  const api: CartApi = {
    getCart: () => answer('get', null, snapshot),
    putItem: (_tenant, item, subst) =>
      !subst && noRoomFor(item)
        ? Promise.resolve({
            ok: false,
            status: 400,
            error: { code: 'bad_request', message: `A cart holds at most ${MAX_CART_LINES} lines` },
          })
        : answer('put', item, () =>
            change(() => {
              if (subst) items = items.filter((i) => i.uid !== subst);
              setItem(item);
            }),
          ),
    // As booking-ms: removing an item the cart does not hold is a 404.
    deleteItem: (_tenant, uid) =>
      items.some((i) => i.uid === uid)
        ? answer('delete', uid, () => change(() => (items = items.filter((i) => i.uid !== uid))))
        : notInCart(uid),
    deleteItems: (_tenant, uids) =>
      answer('deleteItems', uids, () =>
        change(() => (items = items.filter((i) => !uids.includes(i.uid)))),
      ),
    copyBookingToCart: async (bookingId) => {
      calls.push('copy');
      return {
        ok: false,
        status: 404,
        error: { code: 'not_found', message: `No order ${bookingId}` },
      };
    },
    ensureSession: async () => {
      calls.push('session');
      return true;
    },
  };
  return {
    api,
    calls,
    held,
    items: () => items,
    holdAnswers: (on: boolean) => (hold = on),
    failNext: (kind: string) => failures.push(kind),
  };
}
