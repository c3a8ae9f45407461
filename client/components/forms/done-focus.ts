import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';

// Where the focus goes when a post went through, for keyboard and screen-reader users: to the
// notice the page shows (PRG: the post's redirect added ?done=). The form's submit button was
// disabled while the post was under way, and a disabled button loses the focus: the browser
// moves it to <body>. The button is
// not a better place: after a new address or card, or a change to one, its form is closed or
// gone. The notice says what happened and is where the page's news starts; the next Tab goes on
// from there. Without JavaScript the redirect's document carries `autofocus` on the notice.
// docs/decisions/0315.

/**
 * A ref for a page's notice of a post that went through: when a navigation within the page's
 * life (a post's redirect, not the document the page was rendered with: its `autofocus` did it)
 * shows it and nothing has the focus (on <body>), the notice takes it. A focus still on the
 * control the shopper used, or that they moved meanwhile, is left alone; the new page's heading,
 * where the layout put it, is not. An effect once the navigation is idle: after the layout made
 * <main> take input again (its layout effect of the same commit). `arrival`: also when the page itself came with that navigation (a post
 * on another page redirected here: "Place order" leads to the order); on the first document
 * its `autofocus` has the focus already, so nothing changes there.
 */
export function useDoneFocus<E extends HTMLElement>(arrival = false) {
  const notice = useRef<E>(null);
  const { key } = useLocation();
  const shown = useRef(arrival ? null : key);
  const idle = useNavigation().state === 'idle';
  useEffect(() => {
    if (!idle || key === shown.current) return;
    shown.current = key;
    // The heading a new page gave it to (runtime/pending-page.ts) is no place the shopper chose.
    const active = document.activeElement;
    if (active === document.body || active?.matches('main h1')) notice.current?.focus();
  }, [key, idle]);
  return notice;
}
