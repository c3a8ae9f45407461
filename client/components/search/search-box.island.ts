import { island } from '../../lib/island';

// The search box and its suggestions, hydrated when the page is idle or at the first interaction
// (docs/decisions/0204); without JavaScript it is a GET form to /search.
export const SearchBox = island(
  () => import('./search-box').then((m) => m.SearchBox),
  import.meta.env.SSR ? (await import('./search-box')).SearchBox : null,
);
