import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { routeTree } from './route-branches';

// What a page takes (docs/decisions/0385): GET and HEAD, and POST when its route has an action (its
// forms), as docs/api/gateway.openapi.json lists the pages. The page route takes every method so
// that another one is answered 405 with these in Allow; a POST to a page without an action is
// React Router's own 405 page, which gets the same Allow (render/page-response.ts).

/** What a page without an action takes: what React Router's 405 page names in Allow. */
export const PAGE_READS: readonly string[] = ['GET', 'HEAD'];
/** What a page with a form takes: every method a page may be asked (`OPTIONS *`'s Allow). */
export const PAGE_WITH_FORM: readonly string[] = [...PAGE_READS, 'POST'];

/** A method the page route hands to React Router; any other is a 405 before it. */
export const takenByPages = (method: string) => PAGE_WITH_FORM.includes(method);

const trees = new WeakMap<ServerBuild, RouteObject[]>();

/**
 * The methods of the page at a request target: its route's (the deepest it matches; the 404
 * screen's for a path of no page), a data request's (`/cart.data`) the page's.
 */
export function pageMethods(build: ServerBuild, target: string): readonly string[] {
  let tree = trees.get(build);
  if (!tree) trees.set(build, (tree = routeTree(build.routes)));
  const matches = matchRoutes(tree, pagePathOf(target), build.basename ?? '/');
  const id = matches?.at(-1)?.route.id;
  return id !== undefined && build.routes[id]?.module.action ? PAGE_WITH_FORM : PAGE_READS;
}

/** The page a target names: its path, less a data request's `.data` (`/_root.data` is `/`). */
function pagePathOf(target: string): string {
  const path = target.split('?', 1)[0]!;
  if (!path.endsWith('.data')) return path;
  const page = path.slice(0, -'.data'.length);
  return page === '/_root' ? '/' : page;
}
