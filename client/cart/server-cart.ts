import { useRouteLoaderData } from 'react-router';
import type { Booking } from '../../shared/contracts/booking';
import type { ProductSummary } from '../../shared/contracts/catalogue';

// The visitor's cart as the server read it for this page (root loader, docs/decisions/0163): the
// header count, the cart panel and every quantity control render it without JavaScript, and the
// browser's cart store starts from it instead of loading it again.
export type ServerCart = {
  booking: Booking;
  /** Product summaries of the cart's offerings, by offering id. */
  products: Readonly<Record<string, ProductSummary>>;
};

export function useServerCart(): ServerCart | null {
  return (useRouteLoaderData('root') as { cart?: ServerCart | null } | undefined)?.cart ?? null;
}
