import { useRef } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import type { ShoppingList } from '../../../shared/contracts/lists';
import { href } from '../../../shared/href';
import { FieldError, errorProps } from '../forms/field-error';
import { useClosedFocus, useOpenedFocus } from '../forms/opened-focus';
import { ListItems } from './list-items';
import { ListToCart } from './list-to-cart';
import type { ListActionResult } from './list-result';
import { KeepItLink } from '../forms/keep-it-link';

// One list: rename it, delete it (after a question asked as a page state, ?confirm=delete, so it
// works without JavaScript), its items, and a link to the print view.
type Props = { list: ShoppingList; formKey: string; result?: ListActionResult };

export function ListDetail({ list, formKey, result }: Props) {
  const [search] = useSearchParams();
  const asking = search.get('confirm') === 'delete';
  // The question replaced its link: its least destructive answer takes the focus.
  const keep = useRef<HTMLAnchorElement>(null);
  useOpenedFocus(keep, asking);
  // "No, keep it" gave way to the link that asked: it takes the focus back (this list's only).
  const ask = useRef<HTMLAnchorElement>(null);
  useClosedFocus(asking ? list.id : null, (closed) => (closed === list.id ? ask.current : null));
  const rename = result?.intent === 'rename-list' ? result : undefined;
  const remove = result?.intent === 'delete-list' ? result : undefined;
  // "No, keep it" comes back naming the question it closed: without JavaScript that document
  // starts on "Delete list…" (docs/decisions/0390); with it, useClosedFocus above does it.
  const kept = href('shopping-lists', {}, { list: list.id, kept: 'delete' });
  return (
    <section className="list-detail" aria-labelledby="list-title">
      <header className="list-head">
        <h2 id="list-title">{list.name}</h2>
        <Link to={href('shopping-list-print', { listId: list.id })} className="button">
          Print view
        </Link>
      </header>
      <ListItems list={list} formKey={formKey} result={result} />
      <ListToCart list={list} formKey={formKey} />
      {/* Open on a refusal, and after a rename (its button keeps the focus: a refused and then
          accepted name would otherwise close it on the shopper, docs/decisions/0315). */}
      <details className="add-form" open={Boolean(rename) || search.get('done') === 'renamed'}>
        <summary>Rename this list</summary>
        <Form method="post" className="list-rename">
          <input type="hidden" name="intent" value="rename-list" />
          <input type="hidden" name="listId" value={list.id} />
          <label htmlFor="rename-list-name">Name</label>
          <div className="inline-form">
            <input
              id="rename-list-name"
              name="name"
              required
              maxLength={100}
              defaultValue={list.name}
              {...errorProps('rename-list-name-error', rename?.fieldErrors.name)}
            />
            <button type="submit" className="button">
              Rename
            </button>
          </div>
          <FieldError id="rename-list-name-error" message={rename?.fieldErrors.name} />
          {rename?.formError ? (
            <p className="form-error" role="alert">
              {rename.formError}
            </p>
          ) : null}
        </Form>
      </details>
      {asking ? (
        <div className="confirm" role="alertdialog" aria-labelledby="delete-question">
          <p id="delete-question">
            <strong>Delete “{list.name}” and its items? This cannot be undone.</strong>
          </p>
          <Form method="post" replace className="confirm-buttons">
            <input type="hidden" name="intent" value="delete-list" />
            <input type="hidden" name="listId" value={list.id} />
            <button type="submit" className="button danger primary">
              Yes, delete the list
            </button>
            <KeepItLink to={kept} keep={keep} />
          </Form>
        </div>
      ) : (
        <p>
          <Link
            to={href('shopping-lists', {}, { list: list.id, confirm: 'delete' })}
            preventScrollReset
            className="button danger"
            ref={ask}
            autoFocus={search.get('kept') === 'delete'}
          >
            Delete list…
          </Link>
        </p>
      )}
      {remove?.formError ? (
        <p className="form-error" role="alert">
          {remove.formError}
        </p>
      ) : null}
    </section>
  );
}
