import type { Booking } from './booking';
import type { ProductSummary } from './catalogue';

// What a page shows of its visitor (ADR 0203): kept apart from the page's public data, so that a
// document can be rendered once for everyone with the visitor's parts filled in per request.

/** The visitor's cart as the server read it for a page (docs/decisions/0163). */
export type ServerCart = {
  booking: Booking;
  /** Product summaries of the cart's offerings, by offering id. */
  products: Readonly<Record<string, ProductSummary>>;
};

export type Personal = {
  /** The visitor has a session (signed in, or an anonymous guest with a cart). */
  hasSession: boolean;
  account: { id: string; login: string | null; email: string | null } | null;
  cart: ServerCart | null;
};

export const GUEST: Personal = { hasSession: false, account: null, cart: null };
