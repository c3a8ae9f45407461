import { route, type RouteConfig } from '@react-router/dev/routes';
import { routesBesideTable, routeTable, toRouterPath } from '../shared/routes';

// One route module per screen of the specification, from the shared route table, then the
// routes that are not screens (so not in the table), from the shared list beside it: crawlers'
// files, the cart form and the like (their React Router ids stay their files').
export default [
  ...routeTable.map(({ id, path }) => route(toRouterPath(path), `routes/${id}.tsx`, { id })),
  ...routesBesideTable.map(({ path, file }) => route(path.slice(1), file)),
  // Any other path: the 404 screen inside the shop's layout (docs/decisions/0164).
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
