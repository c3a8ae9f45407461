import { LRUCache } from 'lru-cache';
import {
  createRequestHandler,
  matchRoutes,
  type RouteObject,
  type ServerBuild,
} from 'react-router';

// React Router's handler matches a document's path against the whole route tree several times a
// request (its own match, the data query's, the router the document renders with, the manifest's
// parent paths), each time flattening and ranking every route and compiling its pattern again.
// A document needs only some of the routes: those its path matches and those the paths above it
// match, which React Router puts in the document's manifest for the browser (lazy route
// discovery). Each such set of routes gets a handler of its own, built from the same build with
// only those routes and their manifest entries, so a document is the one the whole tree renders
// (docs/decisions/0297).

type RouterHandler = ReturnType<typeof createRequestHandler>;

export type RouteBranches = {
  /**
   * The handler of the routes a document at `pathname` (as React Router reads it) can use; null
   * when the path matches no route (the whole tree's handler answers it).
   */
  handlerFor(pathname: string): RouterHandler | null;
  /** The ids of those routes, sorted: the matches of the path and of each path above it. */
  routesOf(pathname: string): readonly string[] | null;
};

/** The build's routes as React Router nests them (by parent id), for matchRoutes. */
export function routeTree(routes: ServerBuild['routes']): RouteObject[] {
  const byParent = new Map<string, RouteObject[]>();
  const nodes = new Map<string, RouteObject>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const { id, path, caseSensitive } = route;
    const node: RouteObject = route.index
      ? { id, path, caseSensitive, index: true }
      : { id, path, caseSensitive, children: [] };
    nodes.set(id, node);
    const parent = route.parentId ?? '';
    const siblings = byParent.get(parent) ?? [];
    siblings.push(node);
    byParent.set(parent, siblings);
  }
  for (const [id, node] of nodes) if (!node.index) node.children = byParent.get(id) ?? [];
  return byParent.get('') ?? [];
}

/**
 * The path above `pathname` as React Router lists the manifest's paths ("/a/b" for "/a/b/c",
 * "/" for "/a" and for "//"), or null for "/" itself.
 */
function pathAbove(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  segments.pop();
  return pathname === '/' ? null : `/${segments.join('/')}`;
}

/** How many documents a branch's handler took (tests tell the two handlers apart by it). */
export const routeBranchCount = { served: 0 };

export function routeBranches(build: ServerBuild, maxPaths = 2_000): RouteBranches {
  const tree = routeTree(build.routes);
  const basename = build.basename ?? '/';
  // Bounded in paths and in their characters: a page path may be 4,000 characters long.
  const idsByPath = new LRUCache<string, { own: boolean; ids: readonly string[] }>({
    max: maxPaths,
    maxSize: maxPaths * 64,
    sizeCalculation: (_entry, pathname) => pathname.length + 16,
  });
  // One handler a set of routes: the sets come from the route table, so they are few.
  const handlers = new Map<string, RouterHandler>();

  // The routes matched by a path and by every path above it; each path's own entry, so a new
  // path below a known one matches once.
  const matchedUpTo = (pathname: string): { own: boolean; ids: readonly string[] } => {
    const known = idsByPath.get(pathname);
    if (known) return known;
    const own = matchRoutes(tree, pathname, basename);
    const above = pathAbove(pathname);
    const ids = new Set(above === null ? [] : matchedUpTo(above).ids);
    for (const match of own ?? []) if (match.route.id !== undefined) ids.add(match.route.id);
    const entry = { own: own !== null, ids: [...ids].sort() };
    idsByPath.set(pathname, entry);
    return entry;
  };
  const routesOf = (pathname: string): readonly string[] | null => {
    const { own, ids } = matchedUpTo(pathname);
    return own ? ids : null;
  };

  const handlerOf = (ids: readonly string[]): RouterHandler => {
    const key = ids.join('\n');
    let handler = handlers.get(key);
    if (!handler) {
      const keep = new Set(ids);
      const pick = <T>(all: Record<string, T>) =>
        Object.fromEntries(Object.entries(all).filter(([id]) => keep.has(id)));
      handler = createRequestHandler(
        {
          ...build,
          routes: pick(build.routes),
          assets: { ...build.assets, routes: pick(build.assets.routes) },
        },
        'production',
      );
      handlers.set(key, handler);
    }
    return handler;
  };

  return {
    routesOf,
    handlerFor: (pathname) => {
      const ids = routesOf(pathname);
      if (!ids) return null;
      routeBranchCount.served += 1;
      return handlerOf(ids);
    },
  };
}
