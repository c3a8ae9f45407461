// The lists' and smart carts' paths, without zod: the browser's "Add all to cart" calls the to-cart
// ones (client/components/lists/fill-cart.client.ts) and must not pull in the schema library.
export const LISTS_BASE = '/api/services/shopping-lists/api/v1';
export const SMART_CARTS_BASE = '/api/services/smart-carts/api/v1';

export const listPaths = {
  lists: `${LISTS_BASE}/lists`,
  list: (listId: string) => `${LISTS_BASE}/lists/${encodeURIComponent(listId)}`,
  items: (listId: string) => `${LISTS_BASE}/lists/${encodeURIComponent(listId)}/items`,
  /** POST: the list's items (all, or the ones named) into the cart; see ToCartResult. */
  toCart: (listId: string) => `${LISTS_BASE}/lists/${encodeURIComponent(listId)}/to-cart`,
  item: (listId: string, itemId: string) =>
    `${LISTS_BASE}/lists/${encodeURIComponent(listId)}/items/${encodeURIComponent(itemId)}`,
} as const;

export const smartCartPaths = {
  smartCarts: `${SMART_CARTS_BASE}/smart-carts`,
  smartCart: (id: string) => `${SMART_CARTS_BASE}/smart-carts/${encodeURIComponent(id)}`,
  /** POST: a new smart cart holding the caller's cart as it is now. */
  fromCart: `${SMART_CARTS_BASE}/smart-carts/from-cart`,
  /** POST: the caller's cart added to the smart cart (the cart is unchanged); the smart cart. */
  addCart: (id: string) => `${SMART_CARTS_BASE}/smart-carts/${encodeURIComponent(id)}/add-cart`,
  /** POST: the smart cart's items into the cart; see ToCartResult. */
  toCart: (id: string) => `${SMART_CARTS_BASE}/smart-carts/${encodeURIComponent(id)}/to-cart`,
  /** POST: the totals of ordering the smart cart (a slot's fee included), as /orders/quote's. */
  quote: (id: string) => `${SMART_CARTS_BASE}/smart-carts/${encodeURIComponent(id)}/quote`,
  order: (id: string) => `${SMART_CARTS_BASE}/smart-carts/${encodeURIComponent(id)}/order`,
  placedOrder: (id: string, orderId: string) =>
    `${SMART_CARTS_BASE}/smart-carts/${encodeURIComponent(id)}/orders/${encodeURIComponent(orderId)}`,
} as const;
