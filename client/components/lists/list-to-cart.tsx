import type { ShoppingList, ShoppingListItem } from '../../../shared/contracts/lists';
import { listPaths } from '../../../shared/contracts/list-paths';
import { itemLabel } from './item-label';
import { ToCartForm } from './to-cart-form';

// A list into the cart (issue #29): "Add all to cart" under the list, "Add to cart" per item.

export function ListToCart({ list, formKey }: { list: ShoppingList; formKey: string }) {
  if (list.items.length === 0) return null;
  return (
    <ToCartForm
      call={{ path: listPaths.toCart(list.id) }}
      formKey={formKey}
      fields={{ intent: 'to-cart', listId: list.id }}
      className="fill-buttons"
    >
      <button type="submit" className="button primary">
        Add all to cart
      </button>
    </ToCartForm>
  );
}

type ItemProps = { list: ShoppingList; item: ShoppingListItem; formKey: string };

export function ItemToCart({ list, item, formKey }: ItemProps) {
  if (!item.product?.available) return <span className="per">Not available today</span>;
  return (
    <ToCartForm
      call={{ path: listPaths.toCart(list.id), body: { itemIds: [item.id] } }}
      formKey={formKey}
      fields={{ intent: 'to-cart', listId: list.id, itemId: item.id }}
      className="fill-form"
    >
      <button type="submit" className="link-button" aria-label={`Add to cart: ${itemLabel(item)}`}>
        Add to cart
      </button>
    </ToCartForm>
  );
}
