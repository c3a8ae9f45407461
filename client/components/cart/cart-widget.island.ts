import { island } from '../../lib/island';

// The header's cart widget and its store, hydrated when the page is idle or at the first
// interaction (docs/decisions/0204); without JavaScript it is a link to the cart page.
export const CartWidget = island(
  () => import('./cart-widget').then((m) => m.CartWidget),
  import.meta.env.SSR
    ? (await import('../../lib/hole.server')).hole((await import('./cart-widget')).CartWidget)
    : null,
);
