import { Form } from 'react-router';
import type { SmartCart } from '../../../shared/contracts/lists';
import { useMoney } from '../../lib/money';
import { FieldError, errorProps } from '../forms/field-error';
import type { SmartCartActionResult } from './smart-cart-result';

// A smart cart's items at today's prices: a quantity field per item (0 removes it) and a
// "Remove" button per item, saved together (the platform replaces the items).
export function SmartCartItems({
  cart,
  result,
}: {
  cart: SmartCart;
  result?: SmartCartActionResult;
}) {
  const money = useMoney();
  const errors = result?.fieldErrors ?? {};
  if (cart.items.length === 0) return <p>This smart cart is empty.</p>;
  return (
    <Form method="post" className="lines-editor" aria-labelledby="items-title" preventScrollReset>
      <input type="hidden" name="intent" value="change-items" />
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Save changes
      </button>
      <table className="line-table">
        <caption>Change quantities or remove items, then save</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Quantity</th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Total
            </th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.items.map((item, index) => {
            const id = `quantity-${index}`;
            const name = item.product?.name ?? 'No longer sold';
            return (
              <tr key={`${item.offeringId}-${item.byCase}`}>
                <th scope="row">
                  {name}
                  <span className="per">
                    {' '}
                    {item.byCase ? `case of ${item.product?.caseSize ?? '?'}` : 'single'}
                  </span>
                </th>
                <td className="line-qty">
                  <input type="hidden" name="offeringId" value={item.offeringId} />
                  <input type="hidden" name="byCase" value={String(item.byCase)} />
                  <label htmlFor={id} className="visually-hidden">
                    Quantity of {name}
                    {item.byCase ? ' (cases)' : ''}
                  </label>
                  <input
                    id={id}
                    name="quantity"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={999}
                    defaultValue={item.quantity}
                    {...errorProps(`${id}-error`, errors[id])}
                  />
                  <span className="per">{item.byCase ? ' cases' : ' singles'}</span>
                  <FieldError id={`${id}-error`} message={errors[id]} />
                </td>
                <td className="num">
                  {item.unitPrice === null ? '–' : money(item.unitPrice, cart.currency)}
                  {item.byCase ? <span className="per"> / case</span> : null}
                </td>
                <td className="num">
                  {item.lineTotal === null ? 'Unavailable' : money(item.lineTotal, cart.currency)}
                </td>
                <td>
                  <button
                    type="submit"
                    name="remove"
                    value={index}
                    className="link-button"
                    aria-label={`Remove ${name}`}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {result?.formError ? (
        <p className="form-error" role="alert">
          {result.formError}
        </p>
      ) : null}
      <button type="submit" className="button">
        Save changes
      </button>
    </Form>
  );
}
