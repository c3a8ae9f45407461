import { useEffect } from 'react';
import { CART_UPDATED } from '../../cart/cart-events';

// After a server action changed the cart (an order placed, a past order copied into the cart),
// the page it redirected to tells the cart widget to reload: "cart:updated" without a booking
// (specification section 4; client/cart/cart-events.ts).
export function useCartChangedNotice(changed: boolean): void {
  useEffect(() => {
    if (changed)
      window.dispatchEvent(
        new CustomEvent(CART_UPDATED, { detail: { booking: null, source: 'external' } }),
      );
  }, [changed]);
}
