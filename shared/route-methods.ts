import FindMyWay from 'find-my-way';

// Which methods a server's routes take at a path, so that a method a known path does not take is
// a 405 whose Allow header names them (RFC 9110 15.5.6) instead of a 404 (docs/decisions/0385).
// Fastify answers any method its router has no route for as not found, and cannot say which
// methods the path has: the routes are told here as Fastify registers them (its onRoute hook) and
// matched by the same router, find-my-way, with Fastify's default options (case-sensitive, a
// trailing slash significant), so a path matches here the routes it matches there.
export type RouteMethods = {
  /** A route as Fastify's onRoute hook gives it. */
  learn(route: { method: string | string[]; url: string }): void;
  /** The methods of the routes matching a request target (its query ignored), in ALLOW_ORDER. */
  at(target: string): string[];
  /** Every method a route takes somewhere: what the server implements (`OPTIONS *`). */
  all(): string[];
};

/** The usual methods first, as Allow headers list them; any other after, by name. */
const ALLOW_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export function sortMethods(methods: Iterable<string>): string[] {
  const rank = (method: string) => {
    const at = ALLOW_ORDER.indexOf(method);
    return at === -1 ? ALLOW_ORDER.length : at;
  };
  return [...new Set(methods)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export function createRouteMethods(): RouteMethods {
  const router = newRouter();
  // Every route's path under one method: a path no route has (a page's, on every page request
  // of the gateway) costs one lookup, not one a method.
  const paths = newRouter();
  const methods = new Set<string>();
  return {
    learn(route) {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        add(router, method as FindMyWay.HTTPMethod, route.url);
        methods.add(method);
      }
      add(paths, 'GET', route.url);
    },
    at(target) {
      if (!paths.find('GET', target)) return [];
      const taken: string[] = [];
      for (const method of methods)
        if (router.find(method as FindMyWay.HTTPMethod, target)) taken.push(method);
      return sortMethods(taken);
    },
    all: () => sortMethods(methods),
  };
}

// Any length of parameter: Fastify refuses an overlong one (414) before any route is looked for.
const newRouter = () =>
  FindMyWay({ maxParamLength: Number.MAX_SAFE_INTEGER, querystringParser: () => ({}) });

/** A route once: the same path (or one differing in its parameters' names) is already there. */
function add(
  router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>,
  method: FindMyWay.HTTPMethod,
  url: string,
) {
  if (router.hasRoute(method, url)) return;
  try {
    router.on(method, url, () => undefined);
  } catch {
    // `/orders/:id` beside `/orders/:orderId` (two methods' routes): the path is known.
  }
}
