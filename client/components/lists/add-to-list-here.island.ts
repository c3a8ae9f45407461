import { island } from '../../lib/island';

// A product page's "Add to list", hydrated when the page is idle or at the first interaction
// (docs/decisions/0204): until then, and without JavaScript, the link to the lists screen.
export const AddToListHere = island(
  () => import('./add-to-list-here').then((m) => m.AddToListHere),
  import.meta.env.SSR ? (await import('./add-to-list-here')).AddToListHere : null,
);
