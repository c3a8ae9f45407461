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
