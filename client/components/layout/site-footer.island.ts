import { island } from '../../lib/island';

// The footer's links, hydrated when the page is idle or at the first interaction (docs/decisions/
// 0208); before that a click on one is a plain link.
export const SiteFooter = island(
  () => import('./site-footer').then((m) => m.SiteFooter),
  import.meta.env.SSR ? (await import('./site-footer')).SiteFooter : null,
);
