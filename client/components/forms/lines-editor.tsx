import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { FieldError, errorProps } from './field-error';
import { MAX_LINE_QUANTITY } from '../../../shared/line-limits';
import '../../styles/stacked-table.css';

// A table of lines to change and save together (an order before its cut-off, a smart cart): a
// quantity field per line (0 removes it) and a "Remove" button per line. Enter in a quantity
// field saves: the form's first submit button is a hidden "Save changes", not a "Remove".
export function LinesEditor(props: {
  intent: string;
  /**
   * A "Price each" column (of one item or case) before the totals; with it the lines are cards on
   * a phone (ADR 0384).
   */
  priceColumn?: boolean;
  /** Shown between the table and the save button (errors of the whole form). */
  after: ReactNode;
  saveClassName: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="lines-editor" aria-labelledby="items-title" preventScrollReset>
      <input type="hidden" name="intent" value={props.intent} />
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Save changes
      </button>
      {/* With a price column (a smart cart's five), a card per line on a phone (stacked-table.css):
          the roles keep it a table. An order's four columns fit a 320 px phone (ADR 0384). */}
      <div className="table-scroll">
        <table
          className={props.priceColumn ? 'line-table stacked-table' : 'line-table'}
          role="table"
        >
          <caption>Change quantities (0 removes an item) or remove items, then save</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                Product
              </th>
              <th scope="col" role="columnheader">
                Quantity
              </th>
              {props.priceColumn ? (
                <th scope="col" role="columnheader" className="num">
                  Price each
                </th>
              ) : null}
              <th scope="col" role="columnheader" className="num">
                Total
              </th>
              <th scope="col" role="columnheader">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">{props.children}</tbody>
        </table>
      </div>
      {props.after}
      <button type="submit" className={props.saveClassName}>
        Save changes
      </button>
    </Form>
  );
}

type Line = { offeringId: string; byCase: boolean; quantity: number };

/** The quantity cell of line `index`: which offering it is, the field, its unit and error. */
export function QuantityCell(props: {
  line: Line;
  index: number;
  name: string;
  unit: ReactNode;
  error: string | undefined;
}) {
  const { line, index, name } = props;
  const id = `quantity-${index}`;
  return (
    <td role="cell" data-label="Quantity" className="line-qty">
      <input type="hidden" name="offeringId" value={line.offeringId} />
      <input type="hidden" name="byCase" value={String(line.byCase)} />
      <label htmlFor={id} className="visually-hidden">
        Quantity of {lineLabel(line, name)}
      </label>
      <QuantityInput id={id} min={0} quantity={line.quantity} error={props.error} />
      {props.unit}
      <FieldError id={`${id}-error`} message={props.error} />
    </td>
  );
}

/**
 * What line `line` of product `name` is called in its controls' names: "(cases)" for a case, so
 * that the singles and the cases of one product are two lines a screen reader tells apart.
 */
function lineLabel(line: Line, name: string): string {
  return line.byCase ? `${name} (cases)` : name;
}

/** The "Remove" button of line `index`. */
export function RemoveCell({ line, index, name }: { line: Line; index: number; name: string }) {
  return (
    <td role="cell">
      <button
        type="submit"
        name="remove"
        value={index}
        className="link-button"
        aria-label={`Remove ${lineLabel(line, name)}`}
      >
        Remove
      </button>
    </td>
  );
}

/** A quantity field (up to MAX_LINE_QUANTITY) pointing at its error message, `${id}-error`. */
export function QuantityInput(props: {
  id: string;
  min: number;
  quantity: number;
  error: string | undefined;
}) {
  return (
    <input
      id={props.id}
      name="quantity"
      type="number"
      inputMode="numeric"
      min={props.min}
      max={MAX_LINE_QUANTITY}
      defaultValue={props.quantity}
      {...errorProps(`${props.id}-error`, props.error)}
    />
  );
}
