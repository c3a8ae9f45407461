import { useLayoutEffect } from 'react';

// Once a client navigation's data is there, React Router puts the new address in the history at
// once, while React keeps the previous page on screen until the next page's code has arrived
// (its page is an island, ADR 0208). In between, the previous page must not take clicks or keys
// meant for the next one: its <main> is inert and busy until the new location is on screen.
type RouterState = { location: { key: string } };
type RouterWindow = {
  __reactRouterDataRouter?: {
    state: RouterState;
    subscribe(listener: (state: RouterState) => void): () => void;
  };
};

let shownKey: string | null = null;

function markPending(pending: boolean): void {
  const main = document.querySelector('main');
  if (!main || main.inert === pending) return;
  main.inert = pending;
  if (pending) main.setAttribute('aria-busy', 'true');
  else main.removeAttribute('aria-busy');
}

/** In the layout: `key` is the location on screen (React's committed one). */
export function usePendingPageGuard(key: string): void {
  useLayoutEffect(() => {
    shownKey = key;
    markPending(false);
    const router = (window as RouterWindow).__reactRouterDataRouter;
    return router?.subscribe((state) => markPending(state.location.key !== shownKey));
  }, [key]);
}
