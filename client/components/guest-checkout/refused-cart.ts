import { useEffect, useRef, type RefObject } from 'react';
import { useRevalidator } from 'react-router';
import { CART_UPDATED } from '../../cart/cart-events';

// The guest's order form while the platform refuses the cart (ADR 0317). The page checks the cart
// again by itself when it may have been put right: a change in the header's cart panel
// ("cart:updated"), or the guest coming back to the tab (from the cart in another one); the form
// then shows the totals and "Place order", its fields as typed. A card number typed before the
// refusal is emptied, as without JavaScript (a new document): typed again once the cart can be
// ordered, it is not left in a page the guest has gone away from.
export function useRefusedCart(form: RefObject<HTMLFormElement | null>, refused: boolean): void {
  const { revalidate } = useRevalidator();
  const wasRefused = useRef(refused);
  useEffect(() => {
    if (refused && !wasRefused.current) {
      const card = form.current?.elements.namedItem('cardNumber');
      if (card instanceof HTMLInputElement) card.value = '';
    }
    wasRefused.current = refused;
    if (!refused) return;
    const recheck = () => {
      if (document.visibilityState === 'visible') void revalidate();
    };
    window.addEventListener(CART_UPDATED, recheck);
    document.addEventListener('visibilitychange', recheck);
    return () => {
      window.removeEventListener(CART_UPDATED, recheck);
      document.removeEventListener('visibilitychange', recheck);
    };
  }, [form, refused, revalidate]);
}
