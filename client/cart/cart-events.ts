import type { Booking } from '../../shared/contracts/booking';

// Specification section 4: each cart update emits "cart:updated", on which the booking widget
// re-checks the cart. The store's own events carry the booking; an event without one (sent by
// another part of the shop, e.g. after placing an order) asks the widget to reload the cart.
export const CART_UPDATED = 'cart:updated';

/**
 * Why the store's cart changed, for the header's spoken count (docs/decisions/0335): `change`,
 * the shopper's own in this page (a quantity, a removal); `load`, the cart read again (the page's
 * start, a page a server change led to, which says what it did); `fill`, a list or smart cart put
 * in, whose notice says it.
 */
export type CartChangeCause = 'change' | 'load' | 'fill';

export type CartUpdatedDetail = {
  booking: Booking | null;
  source: 'store' | 'external';
  cause?: CartChangeCause;
};

export function emitCartUpdated(
  target: EventTarget | undefined,
  booking: Booking | null,
  cause: CartChangeCause,
): void {
  target?.dispatchEvent(
    new CustomEvent<CartUpdatedDetail>(CART_UPDATED, {
      detail: { booking, source: 'store', cause },
    }),
  );
}

export function isStoreEvent(event: Event): boolean {
  return (event as CustomEvent<CartUpdatedDetail | undefined>).detail?.source === 'store';
}
