import { useLayoutEffect } from 'react';
import { browserRouter } from '../lib/react-router-adapter';

// Once a client navigation's data is there, React Router puts the new address in the history at
// once, while React keeps the previous page on screen until the next page's code has arrived
// (its page is an island, ADR 0208). In between, the previous page must not take clicks or keys
// meant for the next one: its <main> is inert (out of reach of pointer, keyboard and assistive
// technology) until the new location is on screen.
/** In the layout: `key` is the location on screen (React's committed one). */
export function usePendingPageGuard(key: string): void {
  useLayoutEffect(() => {
    const main = document.querySelector('main');
    const mark = (pending: boolean) => {
      if (main) main.inert = pending;
    };
    mark(false);
    return browserRouter()?.subscribe((state) => mark(state.location.key !== key));
  }, [key]);
}
