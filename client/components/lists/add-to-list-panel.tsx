import { Form, Link } from 'react-router';
import type { ShoppingListSummary } from '../../../shared/contracts/lists';
import { FieldError, errorProps } from '../forms/field-error';
import type { Adding } from './adding';
import type { ListActionResult } from './list-result';
import './fill.css';
import { MAX_LINE_QUANTITY } from '../../../shared/line-limits';

// The lists screen asked to add a product (issue #29, "Add to list"): which list, or a new one,
// how many, singles or cases. A plain form, so it works without JavaScript.
type Props = { adding: Adding; lists: ShoppingListSummary[]; result?: ListActionResult };

export function AddToListPanel({ adding, lists, result }: Props) {
  const refused = result?.intent === 'add-item' ? result : undefined;
  const errors = refused?.fieldErrors ?? {};
  // A refused form shows the choices it was sent with (without JavaScript the page is new).
  const chosen = refused?.values ?? {};
  const known = chosen.listId === 'new' || lists.some((list) => list.id === chosen.listId);
  const listId = known ? chosen.listId! : (lists[0]?.id ?? 'new');
  const byCase = chosen.unit ? chosen.unit === 'case' : adding.byCase;
  return (
    <section className="add-to-list-panel" aria-labelledby="add-to-list-title">
      <h2 id="add-to-list-title">{`Add “${adding.name}” to a list`}</h2>
      <Form method="post" className="add-to-list-form">
        <input type="hidden" name="intent" value="add-item" />
        <input type="hidden" name="offeringId" value={adding.offeringId} />
        <input type="hidden" name="back" value={adding.back ?? ''} />
        <fieldset>
          <legend>Which list?</legend>
          {lists.map((list) => (
            <label key={list.id} className="check">
              <input
                type="radio"
                name="listId"
                value={list.id}
                defaultChecked={list.id === listId}
              />{' '}
              {list.name}
            </label>
          ))}
          <label className="check">
            <input type="radio" name="listId" value="new" defaultChecked={listId === 'new'} /> A new
            list
          </label>
          <label htmlFor="add-new-list-name">Name of the new list</label>
          <input
            id="add-new-list-name"
            name="newName"
            maxLength={100}
            placeholder="e.g. Weekend barbecue"
            defaultValue={chosen.newName}
            {...errorProps('add-new-list-name-error', errors.newName)}
          />
          <FieldError id="add-new-list-name-error" message={errors.newName} />
        </fieldset>
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
            defaultValue={chosen.quantity ?? adding.quantity}
            {...errorProps('add-quantity-error', errors.quantity)}
          />
          <FieldError id="add-quantity-error" message={errors.quantity} />
          {adding.caseSize > 1 ? (
            <fieldset>
              <legend>Buy as</legend>
              <label className="check">
                <input type="radio" name="unit" value="single" defaultChecked={!byCase} /> Singles
              </label>
              <label className="check">
                <input type="radio" name="unit" value="case" defaultChecked={byCase} />{' '}
                {`Cases of ${adding.caseSize}`}
              </label>
            </fieldset>
          ) : (
            <input type="hidden" name="unit" value={byCase ? 'case' : 'single'} />
          )}
        </div>
        {refused?.formError ? (
          <p className="form-error" role="alert">
            {refused.formError}
          </p>
        ) : null}
        <div className="add-to-list-buttons">
          <button type="submit" className="button primary">
            Add to list
          </button>
          {adding.back ? <Link to={adding.back}>Cancel</Link> : null}
        </div>
      </Form>
    </section>
  );
}
