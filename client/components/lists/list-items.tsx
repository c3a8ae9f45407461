import { Form } from 'react-router';
import type { ShoppingList, ShoppingListItem } from '../../../shared/contracts/lists';
import { unitsOf, useCounts } from '../../lib/counted';
import { PriceEach } from '../catalogue/price-each';
import { SizeLabel } from '../catalogue/size-label';
import { FieldError } from '../forms/field-error';
import { QuantityInput } from '../forms/lines-editor';
import { itemLabel, productName } from './item-label';
import type { ListActionResult } from './list-result';
import { ItemToCart } from './list-to-cart';
import '../../styles/stacked-table.css';

// The items of a list: product, brand, price, quantity (a small form per item) and note, with a
// remove button. An offering that has left the catalogue is shown as such.
/** The item's product, its size and, bought by the case, the case (list screen and print view). */
export function ListItemName({ item }: { item: ShoppingListItem }) {
  return (
    <>
      {productName(item)}
      {item.product ? (
        <SizeLabel className="per" before=" " label={item.product.sizeLabel} />
      ) : null}
      {item.byCase ? <span className="per"> · case of {item.product?.caseSize ?? '?'}</span> : null}
    </>
  );
}

/**
 * Today's price of one item, or one case for a case item, with its price per kg from the pack the
 * platform states (none from an older platform that leaves it out: ADR 0214).
 */
export function ListItemPrice({ item, currency }: { item: ShoppingListItem; currency: string }) {
  const { product, byCase } = item;
  if (!product) return '–';
  return (
    <PriceEach
      cents={byCase ? product.priceCase : product.priceSingle}
      byCase={byCase}
      caseSize={product.caseSize}
      pack={product.pack}
      currency={currency}
    />
  );
}

type Props = {
  list: ShoppingList;
  /** The page's form key (its "Add to cart" forms carry it, docs/decisions/0328). */
  formKey: string;
  result?: ListActionResult;
};

export function ListItems({ list, formKey, result }: Props) {
  const counts = useCounts();
  if (list.items.length === 0)
    return (
      <p>
        This list is empty. Add products to it with “Add to list” on their pages, on the product
        cards or in your cart.
      </p>
    );
  return (
    // A card per item on a phone (stacked-table.css): the roles keep it a table (ADR 0384).
    <div className="table-scroll">
      <table className="line-table list-items stacked-table" role="table">
        {/* Counted as the overview and an order count ("2 products (7 items)"). */}
        <caption>{counts.content(list.items.length, unitsOf(list.items))}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Product
            </th>
            <th scope="col" role="columnheader">
              Brand
            </th>
            <th scope="col" role="columnheader" className="num">
              Price each
            </th>
            <th scope="col" role="columnheader">
              Quantity
            </th>
            <th scope="col" role="columnheader">
              Note
            </th>
            <th scope="col" role="columnheader">
              <span className="visually-hidden">Add to cart or remove</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {list.items.map((item) => {
            const mine = result?.itemId === item.id ? result : undefined;
            const id = `quantity-${item.id}`;
            const error = mine?.fieldErrors.quantity ?? mine?.formError;
            return (
              <tr key={item.id} role="row">
                <th scope="row" role="rowheader">
                  <ListItemName item={item} />
                </th>
                <td role="cell" data-label="Brand">
                  {item.product?.brand ?? ''}
                </td>
                <td role="cell" data-label="Price each" className="num">
                  <ListItemPrice item={item} currency={list.currency} />
                </td>
                <td role="cell" data-label="Quantity" className="line-qty">
                  <Form method="post" preventScrollReset className="inline-form">
                    <input type="hidden" name="intent" value="change-quantity" />
                    <input type="hidden" name="listId" value={list.id} />
                    <input type="hidden" name="itemId" value={item.id} />
                    <label htmlFor={id} className="visually-hidden">
                      Quantity of {itemLabel(item)}
                    </label>
                    <QuantityInput id={id} min={1} quantity={item.quantity} error={error} />
                    <button
                      type="submit"
                      className="link-button plain"
                      aria-label={`Update ${itemLabel(item)}`}
                    >
                      Update
                    </button>
                  </Form>
                  <FieldError id={`${id}-error`} message={error} />
                </td>
                <td role="cell" data-label="Note">
                  {item.note}
                </td>
                <td role="cell">
                  <ItemToCart list={list} item={item} formKey={formKey} />{' '}
                  <Form method="post" preventScrollReset className="fill-form">
                    <input type="hidden" name="intent" value="remove-item" />
                    <input type="hidden" name="listId" value={list.id} />
                    <input type="hidden" name="itemId" value={item.id} />
                    <button
                      type="submit"
                      className="link-button"
                      aria-label={`Remove ${itemLabel(item)}`}
                    >
                      Remove
                    </button>
                  </Form>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
