import { describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../shared/contracts/booking';
import { CART_UPDATED, type CartUpdatedDetail } from './cart-events';
import { createCartStore } from './cart-store';
import { createFakeCartApi } from './fake-cart-api';
import { deriveQuantityMap } from './quantity-map';
import { MAX_CART_LINES } from '../../shared/line-limits';

function setup() {
  const server = createFakeCartApi();
  const events = new EventTarget();
  const updates: (Booking | null)[] = [];
  events.addEventListener(CART_UPDATED, (event) =>
    updates.push((event as CustomEvent<{ booking: Booking | null }>).detail.booking),
  );
  const logger = { error: vi.fn() };
  const store = createCartStore({ api: server.api, events, logger });
  store.connect('fresh');
  return { server, store, updates, logger };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('quantity map', () => {
  it('is derived from the booking: case and single counts per offering, with its timestamp', () => {
    const booking: Booking = {
      uid: 'c',
      notes: [],
      lastUpdate: '2026-01-01T00:00:01.000Z',
      items: [
        { uid: 'a', offeringId: 'o1', quantity: 3, byCase: false },
        { uid: 'b', offeringId: 'o1', quantity: 2, byCase: true },
        { uid: 'c', offeringId: 'o2', quantity: 1, byCase: true },
      ],
    };
    const timestamp = Date.parse('2026-01-01T00:00:01.000Z');
    expect(deriveQuantityMap(booking)).toEqual({
      o1: { single: 3, case: 2, timestamp },
      o2: { single: 0, case: 1, timestamp },
    });
  });
});

describe('cart store', () => {
  it('loads the cart and fills the quantity map the controls read', async () => {
    const { store, server } = setup();
    await store.setQuantity('o1', { byCase: true, quantity: 2 });
    await store.load();
    expect(store.getState().quantities.o1).toMatchObject({ case: 2, single: 0 });
    expect(server.calls.filter((c) => c === 'session')).toHaveLength(1);
  });

  it('ignores a cart update older than the last one', async () => {
    const { store, server } = setup();
    await flush();
    server.holdAnswers(true);
    const first = store.setQuantity('o1', { byCase: false, quantity: 1 });
    await flush();
    const second = store.setQuantity('o2', { byCase: false, quantity: 4 });
    await flush();
    const [older, newer] = server.held.splice(0);
    newer!.release();
    await second;
    const shown = store.getState().booking;
    older!.release();
    await first;
    // The older answer (without o2) did not replace the newer cart.
    expect(store.getState().booking).toBe(shown);
    expect(store.getState().quantities.o2?.single).toBe(4);
    expect(store.getState().quantities.o1?.single).toBe(1);
  });

  it('emits cart:updated on every update', async () => {
    const { store, updates } = setup();
    await flush(); // the initial load
    await store.setQuantity('o1', { byCase: false, quantity: 2 });
    const booking = await store.setQuantity('o2', { byCase: true, quantity: 1 });
    await store.removeItem(booking!.items[0]!.uid);
    expect(updates).toHaveLength(4);
    expect(updates.at(-1)?.items.map((i) => i.offeringId)).toEqual(['o2']);
  });

  it('returns null on a failed call, logs it and puts the stored quantity back with a message', async () => {
    const { store, server, logger } = setup();
    await store.setQuantity('o1', { byCase: false, quantity: 2 });
    server.failNext('put');
    const pending = store.setQuantity('o1', { byCase: false, quantity: 3 });
    expect(store.getState().quantities.o1?.single).toBe(3); // optimistic
    await expect(pending).resolves.toBeNull();
    expect(store.getState().quantities.o1?.single).toBe(2);
    expect(store.getState().messages.o1).toMatch(/could not be updated/);
    expect(logger.error).toHaveBeenCalledOnce();
    // The next change clears the message.
    await store.setQuantity('o1', { byCase: false, quantity: 4 });
    expect(store.getState().messages.o1).toBeUndefined();
  });

  it('says a full cart has no room for another line, rather than to try again', async () => {
    const { store } = setup();
    await flush();
    for (let n = 0; n < MAX_CART_LINES; n++)
      await store.setQuantity(`o${n}`, { byCase: false, quantity: 1 });
    // booking-ms refuses the 301st line (400): trying again would never help.
    await expect(store.setQuantity('o-new', { byCase: false, quantity: 1 })).resolves.toBeNull();
    expect(store.getState().messages['o-new']).toBe(
      `Your cart has no room for another line (${MAX_CART_LINES} at most). Remove one to add this.`,
    );
    expect(store.getState().quantities['o-new']?.single ?? 0).toBe(0);
    // A line the cart holds still changes; a case of it would be one more line.
    await store.setQuantity('o0', { byCase: false, quantity: 2 });
    expect(store.getState().quantities.o0?.single).toBe(2);
    await store.setQuantity('o0', { byCase: true, quantity: 1 });
    expect(store.getState().messages.o0).toMatch(/no room for another line/);
  });

  it('ends at the last value after fast repeated changes, without resurrecting removed items', async () => {
    const { store, server } = setup();
    await flush();
    server.holdAnswers(true);
    const clicks = [1, 2, 3, 4, 5, 6].map((quantity) =>
      store.setQuantity('o1', { byCase: false, quantity }),
    );
    expect(store.getState().quantities.o1?.single).toBe(6);
    // Release answers as they come: the first click's write, then one write with the newest wish.
    while (
      server.held.length > 0 ||
      store.getState().quantities.o1?.single !== server.items()[0]?.quantity
    ) {
      await flush();
      server.held.splice(0).forEach((call) => call.release());
      await flush();
    }
    await Promise.all(clicks);
    expect(server.items()).toEqual([
      { uid: 'item-1', offeringId: 'o1', quantity: 6, byCase: false },
    ]);
    expect(server.calls.filter((c) => c === 'put')).toHaveLength(2);

    const down = [5, 0].map((quantity) => store.setQuantity('o1', { byCase: false, quantity }));
    await flush();
    server.held.splice(0).forEach((call) => call.release());
    await flush();
    server.held.splice(0).forEach((call) => call.release());
    await Promise.all(down);
    expect(server.items()).toEqual([]);
    expect(store.getState().booking?.items).toEqual([]);
    expect(store.getState().quantities.o1).toBeUndefined();
  });

  it('says why each update came: the shopper’s change, a load, a fill (ADR 0335)', async () => {
    const { store } = setup();
    const causes: unknown[] = [];
    const events = new EventTarget();
    events.addEventListener(CART_UPDATED, (event) =>
      causes.push((event as CustomEvent<CartUpdatedDetail>).detail.cause),
    );
    const heard = createCartStore({ api: createFakeCartApi().api, events, logger: { error() {} } });
    heard.connect('fresh');
    await flush();
    const booking = await heard.setQuantity('o1', { byCase: false, quantity: 2 });
    await heard.setQuantity('o2', { byCase: false, quantity: 1 });
    await heard.removeItems([booking!.items[0]!.uid]);
    await heard.load();
    const other = await store.setQuantity('o3', { byCase: true, quantity: 4 });
    heard.adopt({ ...other!, lastUpdate: new Date(Date.now() + 60_000).toISOString() });
    expect(causes).toEqual(['load', 'change', 'change', 'change', 'load', 'fill']);
  });

  it('removes several items at once and substitutes an item', async () => {
    const { store } = setup();
    await store.setQuantity('o1', { byCase: false, quantity: 1 });
    await store.setQuantity('o2', { byCase: false, quantity: 1 });
    const booking = await store.setQuantity('o3', { byCase: true, quantity: 1 });
    const [a, b, c] = booking!.items;
    await store.removeItems([a!.uid, b!.uid]);
    expect(store.getState().booking?.items.map((i) => i.offeringId)).toEqual(['o3']);
    await store.substitute(c!.uid, { offeringId: 'o4', byCase: true, quantity: 2 });
    expect(store.getState().quantities).toMatchObject({ o4: { case: 2 } });
    expect(store.getState().quantities.o3).toBeUndefined();
  });

  it('asks for a session again once a write found the session ended (401)', async () => {
    const server = createFakeCartApi();
    let ended = false;
    const api = {
      ...server.api,
      // The gateway's answer once the session ended elsewhere: its cookies cleared, a 401.
      putItem: (...args: Parameters<typeof server.api.putItem>) =>
        ended
          ? ((ended = false),
            Promise.resolve({
              ok: false as const,
              status: 401,
              error: { code: 'unauthorized', message: 'no session' },
            }))
          : server.api.putItem(...args),
    };
    const store = createCartStore({ api, logger: { error: vi.fn() } });
    store.connect('fresh', false);
    await store.setQuantity('o1', { byCase: false, quantity: 1 });
    ended = true;
    expect(await store.setQuantity('o1', { byCase: false, quantity: 2 })).toBeNull();
    const again = await store.setQuantity('o1', { byCase: false, quantity: 2 });
    expect(again?.items[0]?.quantity).toBe(2);
    expect(server.calls.filter((call) => call === 'session')).toHaveLength(2);
  });

  it('returns the error of a failed copy to the cart and keeps the cart', async () => {
    const { store, logger } = setup();
    await store.setQuantity('o1', { byCase: false, quantity: 1 });
    const before = store.getState().booking;
    const result = await store.copyBookingToCart('order-9', true);
    expect(result).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No order order-9' },
    });
    expect(store.getState().booking).toBe(before);
    expect(logger.error).toHaveBeenCalledOnce();
  });
});

describe('reading a booking-ms answer', () => {
  it('takes a well-formed booking and refuses a malformed one', async () => {
    const { readBooking } = await import('./read-booking');
    const booking = {
      uid: 'c',
      items: [{ uid: 'i', offeringId: 'o', quantity: 2, byCase: true, extra: 1 }],
      notes: ['n'],
      lastUpdate: null,
    };
    expect(readBooking(booking)).toEqual({
      ...booking,
      items: [{ uid: 'i', offeringId: 'o', quantity: 2, byCase: true }],
    });
    expect(
      readBooking({ uid: 'c', items: [{ uid: 'i', offeringId: 'o', quantity: -1, byCase: true }] }),
    ).toBeNull();
    expect(readBooking({ items: [] })).toBeNull();
    expect(readBooking('nope')).toBeNull();
  });
});
