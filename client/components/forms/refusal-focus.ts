import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';

// Where the focus goes when a post is refused, for keyboard and screen-reader users: a long order
// form's error summary at its top (./error-summary.tsx, docs/decisions/0356), else the first
// field marked invalid (errorProps: aria-invalid, its message in aria-describedby), or the first
// message, whichever comes first: a group's (radios: the address, slot or card of an order; a
// field's message follows its field) or the form's own (`.form-error`). The messages are
// focusable (tabIndex -1), outside the tab order. Without JavaScript the refusal is a new
// document and the invalid fields carry `autofocus` (errorProps): the browser focuses the first
// of them. With JavaScript the answer is the route's action data, rendered into the form on
// screen; the focus stays where it was (the page's own <main> takes input throughout, ADR 0382):
// on the submit button, or nowhere if that button was disabled meanwhile.
// docs/decisions/0308.
export function focusRefusal(scope: ParentNode | null | undefined): void {
  scope
    ?.querySelector<HTMLElement>('.error-summary, [aria-invalid="true"], .field-error, .form-error')
    ?.focus();
}

/**
 * A ref for the element around a form (the form, or a section whose fields name it with
 * `form=`): each new refused answer (`result`, the route's action data for this form) moves the
 * focus into it once the submission's navigation is over. React Router shows the action's data
 * while it still revalidates: once idle, the page shows the answer with the revalidated data (the
 * wait dates from when <main> went inert after a post back to its page, seen in Chromium at 6x
 * CPU throttling; ADR 0382 ended that). Not the answer the page was rendered with: that one is the server's document,
 * where `autofocus` did it (and the shopper may have moved on since).
 */
export function useRefusalFocus<E extends HTMLElement>(result: unknown) {
  const scope = useRef<E>(null);
  const shown = useRef(result);
  const idle = useNavigation().state === 'idle';
  useEffect(() => {
    if (!idle || result === shown.current) return;
    shown.current = result;
    if (result) focusRefusal(scope.current);
  }, [result, idle]);
  return scope;
}
