// What the smart cart actions answer when the shopper has something to fix (400) or the shop
// refused (409); success always redirects.
export type SmartCartIntent =
  | 'create-cart'
  | 'delete-cart'
  | 'from-cart'
  | 'change-items'
  | 'add-cart'
  | 'place-order'
  | 'add-address'
  | 'add-card';
export type SmartCartActionResult = {
  intent: SmartCartIntent;
  fieldErrors: Record<string, string>;
  formError?: string;
  /** What was typed in a refused "add address" form, to fill it again (never a card's fields). */
  values?: Record<string, string>;
};

export const SMART_CART_NOTICES: Record<string, string> = {
  created: 'Your smart cart is saved.',
  saved: 'Your cart is saved as this smart cart.',
  deleted: 'The smart cart is deleted.',
  items: 'The smart cart’s items are updated.',
  'cart-added': 'Your cart’s items are saved in this smart cart; your cart stays as it is.',
  placed: 'Thank you! Your order is placed. We have sent you a confirmation e-mail.',
};
