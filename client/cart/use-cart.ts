import { useEffect, useSyncExternalStore } from 'react';
import type { Booking } from '../../shared/contracts/booking';
import { useShopTenant } from '../lib/money';
import { usePersonal } from '../lib/personal';
import { EMPTY_CART, type CartState } from './cart-state';
import { cartStore } from './cart-store';
import {
  bookingTimestamp,
  deriveQuantityMap,
  NO_QUANTITY,
  type OfferingQuantity,
} from './quantity-map';

// React's view of the cart store. The server renders the cart its root loader read (or the empty
// cart); the browser starts the store from that same cart before hydration, so both agree, then
// connects the store to the page's shop (docs/decisions/0163).
const serverStates = new WeakMap<Booking, CartState>();

function serverState(booking: Booking | undefined, tenantId: string | undefined): CartState {
  if (!booking) return EMPTY_CART;
  let state = serverStates.get(booking);
  if (!state) {
    const quantities = deriveQuantityMap(booking);
    state = {
      ...EMPTY_CART,
      tenantId: tenantId ?? null,
      booking,
      notes: booking.notes,
      lastUpdate: bookingTimestamp(booking),
      status: 'ready',
      quantities,
    };
    serverStates.set(booking, state);
  }
  return state;
}

function useConnectedCart(): CartState {
  const tenantId = useShopTenant()?.id;
  const { hasSession, cart } = usePersonal();
  const booking = cart?.booking;
  // In the browser only: the server's store is shared by every request and stays empty.
  if (typeof window !== 'undefined' && tenantId && booking) cartStore.prime(tenantId, booking);
  useEffect(() => {
    if (tenantId) cartStore.connect(tenantId, hasSession);
  }, [tenantId, hasSession]);
  return serverState(booking, tenantId);
}

export function useCart(): CartState {
  const server = useConnectedCart();
  return useSyncExternalStore(cartStore.subscribe, cartStore.getState, () => server);
}

/** The quantities of one offering (case and single counts), as every quantity control shows them. */
export function useQuantity(offeringId: string): OfferingQuantity {
  const server = useConnectedCart().quantities[offeringId] ?? NO_QUANTITY;
  const select = () => cartStore.getState().quantities[offeringId] ?? NO_QUANTITY;
  return useSyncExternalStore(cartStore.subscribe, select, () => server);
}

/** The message of the last failed change of one offering, if any. */
export function useQuantityMessage(offeringId: string): string | undefined {
  const select = () => cartStore.getState().messages[offeringId];
  return useSyncExternalStore(cartStore.subscribe, select, () => undefined);
}
