import { useEffect, useRef } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import type { ShoppingListSummary } from '../../../shared/contracts/lists';
import { href } from '../../../shared/href';
import { useCounts } from '../../lib/counted';
import { FieldError, errorProps } from '../forms/field-error';
import { useRefusalFocus } from '../forms/refusal-focus';
import type { ListActionResult } from './list-result';

// The shopper's lists (name and how many products: lines, as a fill of the cart counts them) as links that select one (?list=), and a form to
// start a new list.
type Props = { lists: ShoppingListSummary[]; selectedId: string | null; result?: ListActionResult };

export function ListOverview({ lists, selectedId, result }: Props) {
  const error = result?.intent === 'create-list' ? result : undefined;
  const scope = useRefusalFocus<HTMLFormElement>(error);
  const counts = useCounts();
  // A list just made (`?done=created`, this list chosen) empties the field. With JavaScript the
  // form stays on screen and kept the name just used: a second Enter made the same list again
  // (docs/decisions/0366). Not the list the page was first rendered with: that field is empty.
  const [search] = useSearchParams();
  const made = search.get('done') === 'created' ? selectedId : null;
  const shown = useRef(made);
  useEffect(() => {
    if (made && made !== shown.current) scope.current?.reset();
    shown.current = made;
  }, [made, scope]);
  return (
    <nav className="lists-nav" aria-labelledby="lists-nav-title">
      <h2 id="lists-nav-title">Your lists</h2>
      {lists.length === 0 ? (
        <p>You have no shopping list yet: start one below.</p>
      ) : (
        <ul className="list-rows">
          {lists.map((list) => (
            <li key={list.id}>
              <Link
                to={href('shopping-lists', {}, { list: list.id })}
                aria-current={list.id === selectedId ? 'page' : undefined}
              >
                {list.name}
              </Link>
              <span className="list-count">{counts.products(list.itemCount)}</span>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="list-create" ref={scope}>
        <input type="hidden" name="intent" value="create-list" />
        <label htmlFor="new-list-name">New list</label>
        <div className="inline-form">
          <input
            id="new-list-name"
            name="name"
            required
            maxLength={100}
            placeholder="e.g. Weekend barbecue"
            {...errorProps('new-list-name-error', error?.fieldErrors.name)}
          />
          <button type="submit" className="button">
            Create list
          </button>
        </div>
        <FieldError id="new-list-name-error" message={error?.fieldErrors.name} />
        {error?.formError ? (
          <p className="form-error" role="alert" tabIndex={-1} autoFocus>
            {error.formError}
          </p>
        ) : null}
      </Form>
    </nav>
  );
}
