import { useLayoutEffect } from 'react';
import type { Location } from 'react-router';
import { browserRouter } from '../lib/react-router-adapter';

// Once a client navigation's data is there, React Router puts the new address in the history at
// once, while React keeps the previous page on screen until the next page's code has arrived
// (its page is an island, ADR 0208). In between, the previous page must not take clicks or keys
// meant for the next one: its <main> is inert (out of reach of pointer, keyboard and assistive
// technology) until the new location is on screen. Only for another page: the same page (a
// post's redirect with ?done=, a slot's quote, a page of results) has its code and means the
// same by a key, and going inert took the focus to <body> while React showed it, losing the keys
// pressed meanwhile (docs/decisions/0382; ADR 0315 gave the focus back after).
// Another page gives the focus to its heading (<h1>, else <main>) when it is on <body> or on the
// link that led there: a keyboard user's next Tab starts in the new page, not at the top of the
// document, and a screen reader names the page (docs/decisions/0324). A notice of the post that
// led there takes it after (forms/done-focus.ts). On the same page, when the control used is gone
// (a "Change" link that opens its form in place, the "2" of a pagination that becomes the current
// page), the heading takes the focus too, not <body>; what opened in place may take it from there
// (forms/opened-focus.ts, docs/decisions/0350).
let shown: string | undefined;

/** In the layout (whose <main> is always there): the location on screen, React's committed one. */
export function usePendingPageGuard(page: Location): void {
  useLayoutEffect(() => {
    const main = document.querySelector('main')!;
    main.inert = false;
    const active = document.activeElement;
    if (
      shown &&
      (shown === page.pathname
        ? active === document.body
        : active === document.body || (active as HTMLAnchorElement).pathname === page.pathname)
    ) {
      const heading = main.querySelector('h1') ?? main;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    shown = page.pathname;
    return browserRouter()?.subscribe(({ location }) => {
      main.inert = location.pathname !== page.pathname;
    });
  }, [page]);
}
