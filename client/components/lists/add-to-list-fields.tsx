import { MAX_LINE_QUANTITY } from '../../../shared/line-limits';
import { FieldError, errorProps } from '../forms/field-error';
import './fill.css';

// The choices of "Add to list" (issue #29): which list or a new one, then how many, singles or
// cases. The lists screen's form (./add-to-list-panel.tsx) and a product page's, in place
// (./add-to-list-here.tsx, docs/decisions/0375), show the same fields in the same words, so they
// look and read alike (docs/decisions/0366) and post the names the lists action reads.
type ListName = { id: string; name: string };

/** Which list: the shopper's lists as radios, or "A new list" and its name. */
export function ListChoice(props: {
  lists: readonly ListName[];
  /** The list checked at first: one of `lists`, or 'new'. */
  listId: string;
  newName?: string;
  error?: string;
}) {
  return (
    <fieldset>
      <legend>Which list?</legend>
      {props.lists.map((list) => (
        <label key={list.id} className="check">
          <input
            type="radio"
            name="listId"
            value={list.id}
            defaultChecked={list.id === props.listId}
          />{' '}
          {list.name}
        </label>
      ))}
      <label className="check">
        <input type="radio" name="listId" value="new" defaultChecked={props.listId === 'new'} /> A
        new list
      </label>
      <label htmlFor="add-new-list-name">Name of the new list</label>
      <input
        id="add-new-list-name"
        name="newName"
        maxLength={100}
        placeholder="e.g. Weekend barbecue"
        defaultValue={props.newName}
        {...errorProps('add-new-list-name-error', props.error)}
      />
      <FieldError id="add-new-list-name-error" message={props.error} />
    </fieldset>
  );
}

/** How many, and singles or cases when the product comes in cases. */
export function AmountChoice(props: {
  quantity: number | string;
  byCase: boolean;
  caseSize: number;
  error?: string;
}) {
  return (
    <div className="add-to-list-amount">
      <label htmlFor="add-quantity">Quantity</label>
      <input
        id="add-quantity"
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_LINE_QUANTITY}
        required
        defaultValue={props.quantity}
        {...errorProps('add-quantity-error', props.error)}
      />
      <FieldError id="add-quantity-error" message={props.error} />
      {props.caseSize > 1 ? (
        <fieldset>
          <legend>Buy as</legend>
          <label className="check">
            <input type="radio" name="unit" value="single" defaultChecked={!props.byCase} /> Singles
          </label>
          <label className="check">
            <input type="radio" name="unit" value="case" defaultChecked={props.byCase} />{' '}
            {`Cases of ${props.caseSize}`}
          </label>
        </fieldset>
      ) : (
        <input type="hidden" name="unit" value={props.byCase ? 'case' : 'single'} />
      )}
    </div>
  );
}
