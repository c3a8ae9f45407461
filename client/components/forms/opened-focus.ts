import { useEffect, useRef, type RefObject } from 'react';
import { useNavigation, useNavigationType } from 'react-router';

// Where the focus goes when a link opens something in place, for keyboard and screen-reader
// users: "Change" opens an address's form (?edit=), "Cancel order…" and "Delete list…" ask their
// question (?confirm=). The link gives way to what it opened, the focus it had falls to <body>,
// and the layout gives it to the page's heading (runtime/pending-page.ts): the shopper would
// Tab down the page again to reach the form they asked for. What opened takes it instead: the
// form's first field, the question's "No, keep it" (the least destructive answer of an
// alertdialog, as WAI-ARIA's practices advise). docs/decisions/0350.

/**
 * Focuses `target` (a form: its first field) when `opens` turns true with a navigation the
 * shopper made (a link, not the first document nor back and forward: the browser's own focus
 * stands there), once that navigation is over and the focus is on <body> or on the heading the
 * layout gave it; a focus the shopper moved meanwhile is left alone.
 */
export function useOpenedFocus(target: RefObject<HTMLElement | null>, opens = true): void {
  const type = useNavigationType();
  const idle = useNavigation().state === 'idle';
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!idle) return;
    const opening = opens && !wasOpen.current;
    wasOpen.current = opens;
    if (!opening || type === 'POP') return;
    const active = document.activeElement;
    if (active !== document.body && !active?.matches('main h1')) return;
    const element = target.current;
    const field = element?.matches('form')
      ? element.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')
      : element;
    field?.focus();
  }, [opens, idle, type, target]);
}

/**
 * The way back: when what opened in place closes with a link the shopper followed ("Cancel" of an
 * address's form, "No, keep it" of a question), the link or button that opened it takes the
 * focus again, as a dialog gives it back to its opener (WAI-ARIA's practices), not the heading:
 * the shopper goes on from where they were. `opened` names what is open (an address's id, a
 * question), `opener` finds what opened it once it is back. Not after a post (its notice or the
 * next page takes the focus: ./done-focus.ts), nor back and forward, nor a focus the shopper
 * moved meanwhile. docs/decisions/0356.
 */
export function useClosedFocus(
  opened: string | null,
  opener: (closed: string) => HTMLElement | null | undefined,
): void {
  const type = useNavigationType();
  const navigation = useNavigation();
  const idle = navigation.state === 'idle';
  const was = useRef(opened);
  // A post's navigation carries its method until it is over (its redirect's loading too).
  const posted = useRef(false);
  if (!idle) posted.current = Boolean(navigation.formMethod);
  useEffect(() => {
    if (!idle) return;
    const closed = was.current;
    was.current = opened;
    const byPost = posted.current;
    posted.current = false;
    if (closed === null || opened !== null || byPost || type === 'POP') return;
    const active = document.activeElement;
    if (active !== document.body && !active?.matches('main h1')) return;
    opener(closed)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `opener` is read when it closes
  }, [opened, idle, type]);
}
