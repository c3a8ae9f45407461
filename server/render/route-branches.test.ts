import fc from 'fast-check';
import { matchRoutes, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import routeConfig from '../../client/routes';
import { routeBranches, routeTree } from './route-branches';

// ADR 0297: a document is rendered by a handler of the routes it can use. React Router matches
// the document's path, and the path above it for its manifest, on that handler's routes: each
// must match the route the whole tree matches, or the page (or its manifest) would change.
type ConfigRoute = { id?: string; file: string; path?: string; index?: boolean };

/** The app's routes as the server build lists them (flat, by parent id), from client/routes.ts. */
function buildRoutes(): ServerBuild['routes'] {
  const routes: ServerBuild['routes'] = {
    root: { id: 'root', path: '', module: {} as never },
  };
  for (const route of routeConfig as ConfigRoute[]) {
    const id = route.id ?? route.file.replace(/\.tsx$/, '');
    routes[id] = {
      id,
      parentId: 'root',
      path: route.path,
      index: route.index,
      module: {} as never,
    };
  }
  return routes;
}

const routes = buildRoutes();
const build = {
  routes,
  assets: { routes: Object.fromEntries(Object.keys(routes).map((id) => [id, { id }])) },
  basename: '/',
} as unknown as ServerBuild;
const whole = routeTree(routes);

/** What React Router matches for `path` on a tree: the ids, innermost last. */
const idsOn = (tree: ReturnType<typeof routeTree>, path: string) =>
  matchRoutes(tree, path, '/')?.map((match) => match.route.id) ?? null;

const word = fc.constantFrom(
  'orders',
  'profile',
  'info',
  'activation',
  'reset',
  'delivery-address',
  'payment-methods',
  'search',
  'milk',
  'products',
  'brands',
  'page',
  'policy',
  'checkout',
  'guest',
  'cart',
  'dev',
  'mail',
  'shopping-lists',
  'print',
  'smart-carts',
  'order',
  'blink-test',
  'result',
  'services',
  'social-login',
  'sentry-test',
  'robots.txt',
  'sitemap.xml',
  'ORDERS',
  'a%20b',
  'x%2Fy',
  '%E2%82%AC',
  '',
);
const path = fc
  .tuple(
    fc.array(fc.oneof(word, fc.stringMatching(/^[a-z0-9-]{1,8}$/)), { maxLength: 5 }),
    fc.boolean(),
  )
  .map(([segments, slash]) => `/${segments.join('/')}${slash && segments.length ? '/' : ''}`);

describe('route branches (ADR 0297)', () => {
  // 2,000 generated paths: 5-6 s on a loaded machine under Node 20, past vitest's 5 s default.
  it(
    'match every path, and every path above it, as the whole tree does',
    { timeout: 30_000 },
    () => {
      const branches = routeBranches(build);
      fc.assert(
        fc.property(path, (pathname) => {
          const ids = branches.routesOf(pathname)!;
          expect(ids).toContain('root');
          const pruned = routeTree(Object.fromEntries(ids.map((id) => [id, routes[id]])));
          const segments = pathname.split('/').filter(Boolean);
          const above = segments
            .slice(0, -1)
            .map((_, i) => `/${segments.slice(0, i + 1).join('/')}`);
          for (const each of [pathname, '/', ...above])
            expect(idsOn(pruned, each), each).toEqual(idsOn(whole, each));
        }),
        { numRuns: 2_000 },
      );
    },
  );

  it('keep a document to its own routes: a screen, the routes above it, the root', () => {
    const branches = routeBranches(build);
    expect(branches.routesOf('/orders')).toEqual(['home', 'order-list', 'root']);
    expect(branches.routesOf('/profile/info')).toEqual(['home', 'profile', 'profile-info', 'root']);
    expect(branches.routesOf('/no/such')).toEqual(['home', 'root', 'routes/not-found']);
  });

  it('give the paths of one set of routes one handler, and none to a path no route matches', () => {
    const branches = routeBranches(build);
    expect(branches.handlerFor('/orders')).toBe(branches.handlerFor('/orders/'));
    expect(branches.handlerFor('/orders')).not.toBe(branches.handlerFor('/profile'));
    const withoutSplat = Object.fromEntries(
      Object.entries(routes).filter(([id]) => id !== 'routes/not-found'),
    );
    const strict = routeBranches({ ...build, routes: withoutSplat } as ServerBuild);
    expect(strict.handlerFor('/no/such')).toBeNull();
    expect(strict.handlerFor('/orders')).not.toBeNull();
  });
});
