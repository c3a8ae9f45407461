import { Form, Link } from 'react-router';
import type { ShoppingListSummary } from '../../../shared/contracts/lists';
import { AmountChoice, ListChoice } from './add-to-list-fields';
import type { Adding } from './adding';
import type { ListActionResult } from './list-result';

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
        <ListChoice lists={lists} listId={listId} newName={chosen.newName} error={errors.newName} />
        <AmountChoice
          quantity={chosen.quantity ?? adding.quantity}
          byCase={byCase}
          caseSize={adding.caseSize}
          error={errors.quantity}
        />
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
