import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

// In-app links as plain <a {...appLink}> instead of React Router's <Link>: each <Link> runs its
// hooks (resolved path, href, click handler) for every page on the server, a large share of a
// search document's render (ADR 0200). One delegated handler (the layout's, a product grid's) keeps client
// navigation; data-discover keeps React Router's route discovery of rendered links.
// A link that keeps the scroll position (React Router's preventScrollReset) adds `data-keep-scroll`.
export const appLink = { 'data-app-link': '', 'data-discover': 'true' } as const;

/** A plain left click on an in-app link (or a product card link) navigates in the app. */
export function useAppLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest?.('a[data-app-link], a.product-card-link');
    if (!link || link.hasAttribute('download')) return;
    if ((link.getAttribute('target') ?? '_self') !== '_self') return;
    const target = link.getAttribute('href');
    if (!target || !target.startsWith('/') || target.startsWith('//')) return;
    event.preventDefault();
    void navigate(target, {
      // As <Link>: a click on the page you are on replaces the history entry.
      replace: location.pathname + location.search + location.hash === target,
      preventScrollReset: link.hasAttribute('data-keep-scroll'),
    });
  };
}

/**
 * NavLink's rule: the link's path is the current one, or an ancestor of it (not for "/"). Unlike
 * NavLink, a link with a query (`/search?category=x`) is current only where that query holds.
 */
export function isCurrentPath(
  pathname: string,
  to: string,
  search: string | URLSearchParams = '',
): boolean {
  const [toPath = '', toQuery = ''] = to.split('#')[0]!.split('?');
  const path = toPath.toLowerCase().replace(/(.)\/+$/, '$1');
  const here = pathname.toLowerCase();
  if (toQuery) {
    // A copy when `search` is already parsed: shorter on the first load than a test of its type.
    const current = new URLSearchParams(search);
    for (const [name, value] of new URLSearchParams(toQuery))
      if (current.get(name) !== value) return false;
  }
  if (here === path || path === '') return here === path;
  return path !== '/' && here.startsWith(`${path}/`);
}
