import type { Booking } from '../../shared/contracts/booking';

// Specification section 4: each cart update emits "cart:updated", on which the booking widget
// re-checks the cart. The store's own events carry the booking; an event without one (sent by
// another part of the shop, e.g. after placing an order) asks the widget to reload the cart.
export const CART_UPDATED = 'cart:updated';

export type CartUpdatedDetail = { booking: Booking | null; source: 'store' | 'external' };

export function emitCartUpdated(target: EventTarget | undefined, booking: Booking | null): void {
  target?.dispatchEvent(
    new CustomEvent<CartUpdatedDetail>(CART_UPDATED, { detail: { booking, source: 'store' } }),
  );
}

export function isStoreEvent(event: Event): boolean {
  return (event as CustomEvent<CartUpdatedDetail | undefined>).detail?.source === 'store';
}
