import { route, type RouteConfig } from '@react-router/dev/routes';
import { routeTable, toRouterPath } from '../shared/routes';

// One route module per screen of the specification, from the shared route table.
export default routeTable.map(({ id, path }) =>
  route(toRouterPath(path), `routes/${id}.tsx`, { id }),
) satisfies RouteConfig;
