import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { matchRoutes } from 'react-router';
import { routesBesideTable, routeTable, toRouterPath } from '../../shared/routes';

// The route id a request is counted and reported under: the route table's id for pages and their
// data requests (and those of the app's routes beside the table: `cart`, `checkout-guest`...),
// "proxy" for proxied calls, the Fastify route pattern for the gateway's own endpoints; any other
// page path is `not-found`. Bounded, so it is safe as a metric label.
const pageRoutes = [...routeTable, ...routesBesideTable].map((r) => ({
  id: r.id,
  path: toRouterPath(r.path),
}));

// matchRoutes flattens and ranks the whole table on every call, and every request asks: the id
// of a path is remembered, in a cache bounded in paths and in characters (issue #11 item 4; a
// page path may be 4,000 characters long).
const idByPath = new LRUCache<string, string>({
  max: 2_000,
  maxSize: 128_000,
  sizeCalculation: (_id, pathname) => pathname.length + 16,
});

export function pageRouteId(pathname: string): string {
  const known = idByPath.get(pathname);
  if (known !== undefined) return known;
  const id = matchRoutes(pageRoutes, pathname)?.at(-1)?.route.id ?? 'not-found';
  idByPath.set(pathname, id);
  return id;
}

// React Router's ids of the routes the request line names otherwise (client/routes.ts): a route
// beside the table keeps its file's (`routes/cart-action`), the 404 screen's is `routes/not-found`.
// The table's routes and `root` have one id on both sides.
const requestIdByRouterId = new Map<string, string>([
  ...routesBesideTable.map(({ id, file }) => [file.replace(/\.tsx$/, ''), id] as const),
  ['routes/not-found', 'not-found'],
]);

/**
 * The route id the request line, the metrics and the gateway's own reports name a page by, for
 * React Router's id of its route (a browser's report names that one: ADR 0373).
 */
export function requestRouteId(routerRouteId: string): string {
  return requestIdByRouterId.get(routerRouteId) ?? routerRouteId;
}

function pagePath(rawUrl: string): string {
  const pathname = rawUrl.split('?')[0] ?? '/';
  if (pathname === '/_root.data') return '/';
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
}

export function routeIdOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return 'unmatched';
  if (pattern === '/*') {
    try {
      return pageRouteId(decodeURI(pagePath(request.url)));
    } catch {
      return 'not-found';
    }
  }
  if (pattern.startsWith('/api/services/')) return 'proxy';
  return pattern;
}
