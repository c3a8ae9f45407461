import { island } from '../../lib/island';

// "Add 1" / "Add case" of a product card or page, hydrated when the page is idle or at the first
// interaction (docs/decisions/0204); without JavaScript the forms post to /cart.
export const QuantityControls = island(
  () => import('./quantity-controls').then((m) => m.QuantityControls),
  import.meta.env.SSR
    ? (await import('../../lib/hole.server')).hole(
        (await import('./quantity-controls')).QuantityControls,
        (await import('./quantity-hole.server')).quantityOnly,
      )
    : null,
);
