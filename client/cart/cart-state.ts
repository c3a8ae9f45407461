import type { Booking } from '../../shared/contracts/booking';
import type { QuantityMap } from './quantity-map';

// What the cart store shows (./cart-store.ts): the booking and its optimistic quantity map.
export type CartState = {
  tenantId: string | null;
  booking: Booking | null;
  notes: string[];
  /** lastUpdate of the booking shown, in ms; an update older than this is ignored. */
  lastUpdate: number;
  quantities: QuantityMap;
  status: 'idle' | 'loading' | 'ready';
  /** A visible message per offering whose last change failed. */
  messages: Readonly<Record<string, string>>;
  /** The last failure of a whole-cart call (load, remove). */
  error: string | null;
};

export const EMPTY_CART: CartState = Object.freeze({
  tenantId: null,
  booking: null,
  notes: [],
  lastUpdate: Number.NEGATIVE_INFINITY,
  quantities: {},
  status: 'idle',
  messages: {},
  error: null,
});
