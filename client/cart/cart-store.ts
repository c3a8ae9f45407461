import type { Booking } from '../../shared/contracts/booking';
import type { ApiError } from '../lib/api';
import { httpCartApi, type CartApi, type CartResult } from './cart-api';
import { emitCartUpdated, type CartChangeCause } from './cart-events';
import { EMPTY_CART, type CartState } from './cart-state';
import { createLineChanges } from './line-changes';
import { createLineOrder } from './line-order';
import {
  bookingTimestamp,
  deriveQuantityMap,
  overlayQuantities,
  quantityKey,
  type QuantityKey,
  type QuantityMap,
} from './quantity-map';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../shared/line-limits';

// The cart ("booking") of specification sections 3, 4, 7 and 8, shared by every control of a page.
// Quantity changes are optimistic and coalesced per offering (docs/decisions/0080).
export type CartLogger = { error(message: string, detail?: unknown): void };
export type CartStoreDeps = {
  api: CartApi;
  events?: EventTarget;
  logger: CartLogger;
  now?: () => number;
};
export type QuantityChange = { byCase: boolean; quantity: number };
export type CopyResult = { ok: true; booking: Booking } | { ok: false; error: ApiError };

const FAILED = 'Sorry, the cart could not be updated. Please try again.';
// booking-ms refuses a new line past its most (a 400): trying again never helps, removing does.
const FULL = `Your cart has no room for another line (${MAX_CART_LINES} at most). Remove one to add this.`;

export function createCartStore(deps: CartStoreDeps) {
  const { api, logger } = deps;
  const now = deps.now ?? Date.now;
  const listeners = new Set<() => void>();
  /** The quantities the shopper asked for and the server has not confirmed yet. */
  const pending = new Map<QuantityKey, { quantity: number; timestamp: number }>();
  /** One writer per quantity: it sends the newest wish until none is left (last click wins). */
  const writers = new Map<QuantityKey, Promise<Booking | null>>();
  const lines = createLineOrder();
  let serverQuantities: QuantityMap = {};
  let state: CartState = EMPTY_CART;
  let session: Promise<boolean> | null = null;
  let loading: Promise<Booking | null> | null = null;

  function publish(patch: Partial<CartState>): void {
    state = { ...state, ...patch, quantities: overlayQuantities(serverQuantities, pending) };
    for (const listener of listeners) listener();
  }

  /** Sets the booking unless it is older than the one shown (same cart); emits cart:updated. */
  function applyBooking(booking: Booking, cause: CartChangeCause): boolean {
    const timestamp = bookingTimestamp(booking);
    const sameCart = state.booking?.uid === booking.uid;
    if (sameCart && timestamp < state.lastUpdate) return false;
    serverQuantities = deriveQuantityMap(booking);
    publish({ booking, notes: booking.notes, lastUpdate: timestamp, status: 'ready', error: null });
    emitCartUpdated(deps.events, booking, cause);
    return true;
  }

  function failed(what: string, result: Extract<CartResult, { ok: false }>): null {
    // The session ended meanwhile (signed out in another tab, refresh token expired): the next
    // write asks for a session again instead of failing until the page is reloaded.
    if (result.status === 401) session = null;
    logger.error(`cart: ${what} failed: ${result.error.message}`, {
      status: result.status,
      code: result.error.code,
    });
    return null;
  }

  function tenant(): string {
    if (!state.tenantId) throw new Error('cartStore: no shop yet (connect(tenantId) first)');
    return state.tenantId;
  }

  // Guests need a session before their first write; the gateway keeps an existing one.
  function ensureSession(): Promise<boolean> {
    session ??= api.ensureSession().then((ok) => {
      if (!ok) session = null;
      return ok;
    });
    return session;
  }

  async function load(): Promise<Booking | null> {
    loading ??= (async () => {
      publish({ status: state.status === 'ready' ? 'ready' : 'loading' });
      const result = await api.getCart(tenant());
      if (result.ok) {
        applyBooking(result.booking, 'load');
        return result.booking;
      }
      // No session yet: a visitor who never touched a cart has an empty one, not an error.
      if (result.status === 401) {
        publish({ status: 'ready' });
        return null;
      }
      publish({ status: 'ready', error: 'The cart could not be loaded.' });
      return failed('load', result);
    })().finally(() => (loading = null));
    return loading;
  }

  function writeQuantity(
    key: QuantityKey,
    offeringId: string,
    byCase: boolean,
  ): Promise<Booking | null> {
    const running = writers.get(key);
    if (running) return running;
    const writer = (async () => {
      try {
        for (;;) {
          // A removal of this line clicked before the wish goes first: the wish then re-adds it.
          const earlier = lines.before(key);
          if (earlier) await earlier;
          const wish = pending.get(key);
          if (!wish) return state.booking;
          const ready = await ensureSession();
          if (lines.overtaken(key)) continue;
          let result: CartResult = {
            ok: false,
            status: 0,
            error: { code: 'session', message: 'no session' },
          };
          if (ready) {
            const put = api.putItem(tenant(), { offeringId, byCase, quantity: wish.quantity });
            result = await lines.send(key, put);
          }
          if (!result.ok) {
            // Back to the stored quantity, with a message beside the control the shopper touched.
            pending.delete(key);
            const items = state.booking?.items ?? [];
            const full =
              result.status === 400 &&
              items.length >= MAX_CART_LINES &&
              !items.some((item) => item.offeringId === offeringId && item.byCase === byCase);
            publish({ messages: { ...state.messages, [offeringId]: full ? FULL : FAILED } });
            return failed(`set quantity of ${offeringId}`, result);
          }
          applyBooking(result.booking, 'change');
          if (pending.get(key) === wish) {
            pending.delete(key);
            publish({});
            return state.booking;
          }
        }
      } finally {
        writers.delete(key);
      }
    })();
    writers.set(key, writer);
    return writer;
  }

  const lineChanges = createLineChanges({
    lines,
    pending,
    booking: () => state.booking,
    publish,
    applyBooking: (booking) => applyBooking(booking, 'change'),
    failed,
    load,
  });

  return {
    getState: (): CartState => state,
    getServerState: (): CartState => EMPTY_CART,
    /**
     * Starts the store from the cart the server rendered (docs/decisions/0163), silently and once,
     * before hydration reads it; connect() then has nothing to load.
     */
    prime(tenantId: string, booking: Booking): void {
      if (state.tenantId !== null) return;
      serverQuantities = deriveQuantityMap(booking);
      state = {
        ...EMPTY_CART,
        tenantId,
        booking,
        notes: booking.notes,
        lastUpdate: bookingTimestamp(booking),
        status: 'ready',
        quantities: serverQuantities,
      };
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Binds the store to the page's shop and loads the cart once. A visitor without a session has
     * no cart yet: nothing to load (the first change starts a guest session).
     */
    connect(tenantId: string, hasSession = true): void {
      if (state.tenantId === tenantId) return;
      publish({ ...EMPTY_CART, tenantId, status: hasSession ? EMPTY_CART.status : 'ready' });
      if (hasSession) void load();
    },
    load,
    setQuantity(offeringId: string, { byCase, quantity }: QuantityChange): Promise<Booking | null> {
      const key = quantityKey(offeringId, byCase);
      pending.set(key, {
        quantity: Math.max(0, Math.min(MAX_LINE_QUANTITY, Math.trunc(quantity))),
        timestamp: now(),
      });
      const { [offeringId]: _cleared, ...messages } = state.messages;
      publish({ messages });
      return writeQuantity(key, offeringId, byCase);
    },
    removeItem: (uid: string) =>
      lineChanges.remove(`remove item ${uid}`, [uid], () => api.deleteItem(tenant(), uid)),
    removeItems: (uids: readonly string[]) =>
      lineChanges.remove('remove items', uids, () => api.deleteItems(tenant(), uids)),
    substitute: (itemUid: string, input: { offeringId: string } & QuantityChange) =>
      lineChanges.replace(`substitute item ${itemUid}`, [itemUid], () =>
        api.putItem(tenant(), input, itemUid),
      ),
    /** A cart another service answered with (a list put into it): shown unless older. */
    adopt: (booking: Booking): boolean => applyBooking(booking, 'fill'),
    /** Specification call 7: the answer's booking becomes the cart; a failure is returned, not thrown. */
    async copyBookingToCart(bookingId: string, override: boolean): Promise<CopyResult> {
      const result = await api.copyBookingToCart(bookingId, override);
      if (!result.ok) {
        failed(`copy booking ${bookingId}`, result);
        return { ok: false, error: result.error };
      }
      applyBooking(result.booking, 'change');
      return { ok: true, booking: result.booking };
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

const browserLogger: CartLogger = { error: (message, detail) => console.error(message, detail) };

/** The page's cart. On the server it stays empty: nothing there calls it (effects do not run). */
export const cartStore: CartStore = createCartStore({
  api: httpCartApi,
  events: typeof window === 'undefined' ? undefined : window,
  logger: browserLogger,
});
