import { Form } from 'react-router';
import type { OrderLine } from '../../../shared/contracts/orders';
import { useMoney } from '../../lib/money';
import { FieldError, errorProps } from '../forms/field-error';
import type { OrderActionResult } from './order-forms';

// Changing the items of an order before its cut-off: a quantity field per line (0 removes it) and
// a "Remove" button per line. The platform re-prices; lines already ordered keep their price.
type Props = { lines: OrderLine[]; currency: string; result?: OrderActionResult };

export function OrderLinesEditor({ lines, currency, result }: Props) {
  const money = useMoney();
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" className="lines-editor" aria-labelledby="items-title" preventScrollReset>
      <input type="hidden" name="intent" value="change-lines" />
      {/* Enter in a quantity field saves (the first submit button is the form's default, not "Remove"). */}
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
              Total
            </th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const id = `quantity-${index}`;
            return (
              <tr key={`${line.offeringId}-${line.byCase}`}>
                <th scope="row">
                  {line.productName}
                  <span className="per">
                    {' '}
                    {money(line.unitPrice, currency)}
                    {line.byCase ? ' / case' : ' each'}
                  </span>
                </th>
                <td className="line-qty">
                  <input type="hidden" name="offeringId" value={line.offeringId} />
                  <input type="hidden" name="byCase" value={String(line.byCase)} />
                  <label htmlFor={id} className="visually-hidden">
                    Quantity of {line.productName}
                    {line.byCase ? ' (cases)' : ''}
                  </label>
                  <input
                    id={id}
                    name="quantity"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={999}
                    defaultValue={line.quantity}
                    {...errorProps(`${id}-error`, errors[id])}
                  />
                  {line.byCase ? <span className="per"> cases</span> : null}
                  <FieldError id={`${id}-error`} message={errors[id]} />
                </td>
                <td className="num">{money(line.lineTotal, currency)}</td>
                <td>
                  <button
                    type="submit"
                    name="remove"
                    value={index}
                    className="link-button"
                    aria-label={`Remove ${line.productName}`}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FieldError id="lines-error" message={errors.lines} />
      {result?.formError ? (
        <p className="form-error" role="alert">
          {result.formError}
        </p>
      ) : null}
      <button type="submit" className="button primary">
        Save changes
      </button>
    </Form>
  );
}
