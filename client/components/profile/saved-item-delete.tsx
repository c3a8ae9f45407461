import { useRef } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { href } from '../../../shared/href';
import { useClosedFocus, useOpenedFocus } from '../forms/opened-focus';
import { KeepItLink } from '../forms/keep-it-link';

// "Delete…" of a saved address or card asks first, as a list's "Delete list…" does (ADR 0370): a
// page state (?confirm=delete&address=<id>, or &card=<id>) that works without JavaScript. The
// question names what goes and, for the default, which one becomes the default. "No, keep it"
// leads back with the item named (?address=<id>): without JavaScript its "Delete…" starts with the
// focus; with it, useClosedFocus gives the focus back (ADR 0356). docs/decisions/0383.
export type SavedKind = {
  what: 'address' | 'card';
  screen: 'delivery-addresses' | 'payment-methods';
  intent: 'delete-address' | 'delete-card';
};
export const SAVED_ADDRESS: SavedKind = {
  what: 'address',
  screen: 'delivery-addresses',
  intent: 'delete-address',
};
export const SAVED_CARD: SavedKind = {
  what: 'card',
  screen: 'payment-methods',
  intent: 'delete-card',
};

const askHref = (kind: SavedKind, id: string) =>
  href(kind.screen, {}, { [kind.what]: id, confirm: 'delete' });

/**
 * The item whose question is open, and the one "No, keep it" came back from, read from the page's
 * address; with JavaScript the way back gives the focus to the "Delete…" that asked.
 */
export function useDeleteQuestion(kind: SavedKind) {
  const [search] = useSearchParams();
  const named = search.get(kind.what);
  const asking = search.get('confirm') === 'delete' ? named : null;
  useClosedFocus(asking, (closed) =>
    document.querySelector<HTMLElement>(`a[href="${CSS.escape(askHref(kind, closed))}"]`),
  );
  return { asking, kept: asking === null ? named : null };
}

/**
 * What deleting the default does: the platform makes the oldest one left the default (`next`,
 * listed after it: the default first, then oldest first), or there is none left.
 */
export function defaultAfter(what: SavedKind['what'], next: string | undefined): string {
  return next
    ? `It is your default ${what}: ${next} becomes your default.`
    : `It is your only ${what}: the checkout will ask you for one.`;
}

/** "Delete…": the link that asks. `label` names the item ("Delete Sam Shopper, 3 Walk Lane"). */
export function DeleteLink(props: { kind: SavedKind; id: string; label: string; kept: boolean }) {
  return (
    <Link
      to={askHref(props.kind, props.id)}
      preventScrollReset
      className="button danger"
      aria-label={`${props.label}…`}
      autoFocus={props.kept}
    >
      Delete…
    </Link>
  );
}

/** The question, in place of the item's actions. */
export function DeleteQuestion(props: {
  kind: SavedKind;
  id: string;
  question: string;
  /** What happens to the default, when it is the one to go. */
  consequence?: string;
}) {
  const { kind, id } = props;
  // The question replaced its link: its least destructive answer takes the focus.
  const keep = useRef<HTMLAnchorElement>(null);
  useOpenedFocus(keep);
  const questionId = `delete-question-${id}`;
  return (
    <div
      className="confirm"
      role="alertdialog"
      aria-labelledby={questionId}
      aria-describedby={props.consequence ? `${questionId}-default` : undefined}
    >
      <p id={questionId}>
        <strong>{props.question}</strong>
      </p>
      {props.consequence ? <p id={`${questionId}-default`}>{props.consequence}</p> : null}
      <Form method="post" replace className="confirm-buttons">
        <input type="hidden" name="intent" value={kind.intent} />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className="button danger primary">
          Yes, delete the {kind.what}
        </button>
        <KeepItLink to={href(kind.screen, {}, { [kind.what]: id })} keep={keep} />
      </Form>
    </div>
  );
}
