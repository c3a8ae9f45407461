import { useEffect, useRef, type RefObject } from 'react';
import { useRevalidator } from 'react-router';
import { CART_UPDATED, isStoreEvent, type CartUpdatedDetail } from '../../cart/cart-events';
import { usePersonal } from '../../lib/personal';

// The checkout pages' lines and totals follow the cart (ADR 0319, from 0317's refused cart): the
// page's data is loaded again once the cart is not the one it was loaded with, changed in the
// header's cart panel (the store's "cart:updated") or, the shopper back in the tab, in another
// one (the header's widget is asked to read the cart again: an event without a booking). What is
// typed and chosen stays: the fields are the page's own, not its data's. While the platform
// refuses the cart, the same checks show the order once it is put right. A card number typed
// before a refusal is emptied, as without JavaScript (a new document): typed again once the cart
// can be ordered, it is not left in a page the guest has gone away from.
export function useCartRecheck(refused: boolean, form?: RefObject<HTMLFormElement | null>): void {
  const { revalidate } = useRevalidator();
  // The cart's last change as the page's data was loaded (the root's after a post, or this hook's
  // own reload): a cart read again unchanged reloads nothing, and leaves a post's answer shown.
  const rendered = usePersonal().cart?.booking.lastUpdate;
  const loaded = useRef(rendered);
  useEffect(() => {
    loaded.current = rendered;
  }, [rendered]);
  const wasRefused = useRef(refused);
  useEffect(() => {
    if (refused && !wasRefused.current) {
      const card = form?.current?.elements.namedItem('cardNumber');
      if (card instanceof HTMLInputElement) card.value = '';
    }
    wasRefused.current = refused;
  }, [form, refused]);
  useEffect(() => {
    const changed = (event: Event) => {
      if (!isStoreEvent(event)) return;
      const booking = (event as CustomEvent<CartUpdatedDetail>).detail.booking;
      if (!booking || booking.lastUpdate === loaded.current) return;
      loaded.current = booking.lastUpdate;
      void revalidate();
    };
    const shown = () => {
      if (document.visibilityState === 'visible')
        window.dispatchEvent(
          new CustomEvent(CART_UPDATED, { detail: { booking: null, source: 'external' } }),
        );
    };
    window.addEventListener(CART_UPDATED, changed);
    document.addEventListener('visibilitychange', shown);
    return () => {
      window.removeEventListener(CART_UPDATED, changed);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [revalidate]);
}
