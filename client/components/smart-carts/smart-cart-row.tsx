import { useRef } from 'react';
import { Form, Link } from 'react-router';
import type { SmartCartSummary } from '../../../shared/contracts/lists';
import { href } from '../../../shared/href';
import { useCounts } from '../../lib/counted';
import { useClosedFocus, useOpenedFocus } from '../forms/opened-focus';
import { KeepItLink } from '../forms/keep-it-link';

// One smart cart of the overview: its link, its size, and "Delete…", which asks first, as a
// shopping list's "Delete list…" does: a page state (?cart=…&confirm=delete) that works without
// JavaScript (docs/decisions/0370). `askingFor`: the smart cart whose question is open, if any.
// `keptFor`: the one whose question "No, keep it" closed; without JavaScript that document starts
// on its "Delete…" (docs/decisions/0390).
export function SmartCartRow({
  cart,
  askingFor,
  keptFor = null,
}: {
  cart: SmartCartSummary;
  askingFor: string | null;
  keptFor?: string | null;
}) {
  const counts = useCounts();
  const asking = askingFor === cart.id;
  // The question replaced its link: its least destructive answer takes the focus.
  const keep = useRef<HTMLAnchorElement>(null);
  useOpenedFocus(keep, asking);
  // "No, keep it" gave way to the link that asked: it takes the focus back, unless another
  // smart cart's question opened instead (that one's answer takes it).
  const ask = useRef<HTMLAnchorElement>(null);
  useClosedFocus(asking ? cart.id : null, () => (askingFor === null ? ask.current : null));
  const question = `delete-question-${cart.id}`;
  return (
    <li className="smart-cart-row">
      <Link to={href('smart-cart', { id: cart.id })}>{cart.name}</Link>
      <span className="list-count">{counts.products(cart.itemCount)}</span>
      {asking ? (
        <div className="confirm" role="alertdialog" aria-labelledby={question}>
          <p id={question}>
            <strong>Delete “{cart.name}”? This cannot be undone.</strong>
          </p>
          <Form method="post" replace preventScrollReset className="confirm-buttons">
            <input type="hidden" name="intent" value="delete-cart" />
            <input type="hidden" name="id" value={cart.id} />
            <button type="submit" className="button danger primary">
              Yes, delete the smart cart
            </button>
            <KeepItLink
              to={href('smart-carts', {}, { cart: cart.id, kept: 'delete' })}
              keep={keep}
            />
          </Form>
        </div>
      ) : (
        <Link
          to={href('smart-carts', {}, { cart: cart.id, confirm: 'delete' })}
          preventScrollReset
          className="link-button"
          aria-label={`Delete ${cart.name}…`}
          ref={ask}
          autoFocus={keptFor === cart.id}
        >
          Delete…
        </Link>
      )}
    </li>
  );
}
