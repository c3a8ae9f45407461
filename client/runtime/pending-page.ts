import { useLayoutEffect } from 'react';
import type { Location } from 'react-router';
import { browserRouter } from '../lib/react-router-adapter';

// Once a client navigation's data is there, React Router puts the new address in the history at
// once, while React keeps the previous page on screen until the next page's code has arrived
// (its page is an island, ADR 0208). In between, the previous page must not take clicks or keys
// meant for the next one: its <main> is inert (out of reach of pointer, keyboard and assistive
// technology) until the new location is on screen.
// A form post is a navigation too, mostly back to its own page, and going inert took the focus
// from the field or button that had it: the browser moves it to the <body>. When the new location
// is the same page (its path: a post's redirect adds ?done=), that element gets the focus back
// once <main> takes input again, unless the focus is elsewhere by then; focus() does nothing if
// the element is no longer in the document or is hidden. Another page does not get it back. A
// form's own focus (forms/refusal-focus.ts, an effect once the navigation is idle) comes after.
// docs/decisions/0315.
// Another page gives the focus to its heading (<h1>, else <main>) when it is on <body> or on the
// link that led there: a keyboard user's next Tab starts in the new page, not at the top of the
// document, and a screen reader names the page (docs/decisions/0324). A notice of the post that
// led there takes it after (forms/done-focus.ts). On the same page, when the control used is gone
// (a "Change" link that opens its form in place, the "2" of a pagination that becomes the current
// page), the heading takes the focus too, not <body>; what opened in place may take it from there
// (forms/opened-focus.ts, docs/decisions/0350).
let kept: HTMLElement | void;
let shown: string | undefined;

/** In the layout (whose <main> is always there): the location on screen, React's committed one. */
export function usePendingPageGuard(page: Location): void {
  useLayoutEffect(() => {
    const main = document.querySelector('main')!;
    main.inert = false;
    const active = document.activeElement;
    const body = active === document.body;
    kept = body ? kept?.focus() : undefined;
    if (
      shown &&
      (shown === page.pathname
        ? document.activeElement === document.body
        : body || (active as HTMLAnchorElement).pathname === page.pathname)
    ) {
      const heading = main.querySelector('h1') ?? main;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    shown = page.pathname;
    return browserRouter()?.subscribe(({ location }) => {
      const pending = location.key !== page.key;
      // Taken before <main> goes inert, for the same page only.
      kept =
        pending && location.pathname === page.pathname
          ? (kept ?? (document.activeElement as HTMLElement))
          : undefined;
      main.inert = pending;
    });
  }, [page]);
}
