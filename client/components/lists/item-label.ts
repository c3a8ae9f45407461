import type { ShoppingListItem } from '../../../shared/contracts/lists';

// What a list item's controls are named after (its quantity, "Update", "Add to cart", "Remove"):
// the product, and "(cases)" for one bought by the case, as the cart's lines say it. A list may
// hold a product twice, as singles and as cases: the same words for both were two controls a
// screen reader could not tell apart (docs/decisions/0350).
export function productName(item: ShoppingListItem): string {
  return item.product?.name ?? 'No longer sold';
}

export function itemLabel(item: ShoppingListItem): string {
  return item.byCase ? `${productName(item)} (cases)` : productName(item);
}
