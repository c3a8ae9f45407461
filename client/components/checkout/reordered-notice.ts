import { useSearchParams } from 'react-router';
import { useCartChangedNotice } from '../orders/cart-changed';

/**
 * The checkout after "Order again" (`?reordered=added|replaced`): the order's items were just
 * copied into the cart on the server, so the cart widget reloads, and the page says what happened.
 */
export function useReorderedNotice(): string | null {
  const reordered = useSearchParams()[0].get('reordered');
  useCartChangedNotice(reordered !== null);
  return reordered === 'replaced'
    ? 'Your cart now holds the items of your past order.'
    : reordered === 'added'
      ? 'The items of your past order were added to your cart.'
      : null;
}
