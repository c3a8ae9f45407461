// How much one line may hold, the same for a cart, an order, a shopping list and a smart cart:
// each is made from another (an order from the cart, a cart from a list or an order, a smart cart
// from the cart), so a line one holds must fit the other (a cart line of 1,000 made an order that
// could not be edited). Without zod: the browser's forms read it too.
export const MAX_LINE_QUANTITY = 9999;
/**
 * The text of a form's refusal above it: "At most 9,999", grouped as the shops' locales (en-IE,
 * en-GB) write every count (client/lib/counted.ts); a form's schema knows no shop.
 */
export const MAX_LINE_QUANTITY_TEXT = `At most ${MAX_LINE_QUANTITY.toLocaleString('en-GB')}`;
/** Lines of a cart (docs/decisions/0051), so of an order made from it. */
export const MAX_CART_LINES = 300;
/**
 * Lines a guest's cart merged at sign-in may leave in the account's cart: two full carts. Nothing
 * of either is dropped; the cart takes no new line and cannot be ordered until it is back within
 * MAX_CART_LINES (docs/decisions/0314).
 */
export const MAX_MERGED_CART_LINES = 2 * MAX_CART_LINES;
