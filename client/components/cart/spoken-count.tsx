import { useEffect, useState } from 'react';
import { CART_UPDATED, isStoreEvent, type CartUpdatedDetail } from '../../cart/cart-events';
import { cartStore } from '../../cart/cart-store';
import { unitsOf, useCounts } from '../../lib/counted';

// The header's cart count, said when the shopper's own change moves it (docs/decisions/0335): the
// badge changes out of sight of a screen reader, whose focus is on the card's stepper or the
// cart's line. A polite live region on the page from its first render (a region inserted with its
// text is not announced), empty until a change: nothing is said on page load, nor when the cart
// is read again (a page a server change led to says what it did), nor for a list's fill, whose
// notice already says what went in. Each message is a new node, so "Cart: 3 items." said again
// after the count went elsewhere in silence (a fill) is announced again.
const units = (detail: CartUpdatedDetail) => unitsOf(detail.booking?.items ?? []);

export function SpokenCartCount() {
  const [said, setSaid] = useState<{ text: string; n: number } | null>(null);
  const { items } = useCounts();
  useEffect(() => {
    let known = unitsOf(cartStore.getState().booking?.items ?? []);
    const heard = (event: Event) => {
      if (!isStoreEvent(event)) return;
      const detail = (event as CustomEvent<CartUpdatedDetail>).detail;
      const count = units(detail);
      if (count === known) return;
      known = count;
      if (detail.cause !== 'change') return;
      const text = count === 0 ? 'Cart is empty.' : `Cart: ${items(count)}.`;
      setSaid((last) => ({ text, n: (last?.n ?? 0) + 1 }));
    };
    window.addEventListener(CART_UPDATED, heard);
    return () => window.removeEventListener(CART_UPDATED, heard);
  }, [items]);
  return (
    <span className="visually-hidden" role="status">
      {said ? <span key={said.n}>{said.text}</span> : null}
    </span>
  );
}
