import { useRef } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { useClosedFocus, useOpenedFocus } from '../forms/opened-focus';
import type { OrderActionResult } from './order-forms';
import { KeepItLink } from '../forms/keep-it-link';

// Cancelling asks first. The question is a page state (?confirm=cancel), not a browser dialog,
// so it works without JavaScript and is read out like the rest of the page. Until when is said
// once, above, for changing and cancelling alike (docs/decisions/0370).
export function CancelOrder({ result }: { result?: OrderActionResult }) {
  const [search] = useSearchParams();
  const asking = search.get('confirm') === 'cancel';
  // The question replaced its link: its least destructive answer takes the focus.
  const keep = useRef<HTMLAnchorElement>(null);
  useOpenedFocus(keep, asking);
  // "No, keep it" gave way to the link that asked: it takes the focus back.
  const ask = useRef<HTMLAnchorElement>(null);
  useClosedFocus(asking ? 'cancel' : null, () => ask.current);
  return (
    <section className="order-panel" aria-labelledby="cancel-title">
      <h2 id="cancel-title">Cancel the order</h2>
      {asking ? (
        <div className="confirm" role="alertdialog" aria-labelledby="confirm-question">
          <p id="confirm-question">
            <strong>Cancel this order? This cannot be undone.</strong>
          </p>
          <Form method="post" replace className="confirm-buttons">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="button danger primary">
              Yes, cancel the order
            </button>
            <KeepItLink to={'?kept=cancel'} keep={keep} />
          </Form>
        </div>
      ) : (
        // Back from "No, keep it" without JavaScript, the document starts here (ADR 0390).
        <Link
          to="?confirm=cancel"
          preventScrollReset
          className="button danger"
          ref={ask}
          autoFocus={search.get('kept') === 'cancel'}
        >
          Cancel order…
        </Link>
      )}
      {result?.formError ? (
        <p className="form-error" role="alert">
          {result.formError}
        </p>
      ) : null}
    </section>
  );
}
