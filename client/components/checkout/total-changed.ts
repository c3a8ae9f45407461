// "Place order" under totals the cart no longer has (ADR 0319): the order form sends the total its
// page showed, and the platform places the order at that total or not at all. Its own module, so
// the pages that render the field do not pull zod into the browser (as ../forms/order-key-field).
export const SHOWN_TOTAL_FIELD = 'shownTotal';

/** Said beside "Place order" when the platform refused the total shown: the page shows the new. */
export const CART_CHANGED = 'Your cart changed: check the new total.';
