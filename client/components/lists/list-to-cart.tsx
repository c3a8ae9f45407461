import type { ShoppingList, ShoppingListItem } from '../../../shared/contracts/lists';
import { ToCartForm, type FillItem } from './to-cart-form';

// A list into the cart (issue #29): "Add all to cart" under the list, "Add to cart" per item.
const productName = (item: ShoppingListItem) => item.product?.name ?? 'No longer sold';
export const fillItemOf = (item: ShoppingListItem): FillItem => ({
  offeringId: item.offeringId,
  byCase: item.byCase,
  quantity: item.quantity,
  name: productName(item),
  available: Boolean(item.product?.available),
});

export function ListToCart({ list }: { list: ShoppingList }) {
  if (list.items.length === 0) return null;
  return (
    <ToCartForm
      items={list.items.map(fillItemOf)}
      fields={{ intent: 'to-cart', listId: list.id }}
      className="fill-buttons"
    >
      <button type="submit" className="button primary">
        Add all to cart
      </button>
    </ToCartForm>
  );
}

export function ItemToCart({ list, item }: { list: ShoppingList; item: ShoppingListItem }) {
  if (!item.product?.available) return <span className="per">Not available today</span>;
  return (
    <ToCartForm
      items={[fillItemOf(item)]}
      fields={{ intent: 'to-cart', listId: list.id, itemId: item.id }}
      className="fill-form"
    >
      <button
        type="submit"
        className="link-button"
        aria-label={`Add to cart: ${productName(item)}`}
      >
        Add to cart
      </button>
    </ToCartForm>
  );
}
