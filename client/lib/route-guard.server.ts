import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { runMiddleware } from '../../shared/route-middleware';
import {
  findRoute,
  MissingRouteParameter,
  routeParams,
  type RouteId,
  type RouteParams,
} from '../../shared/routes';
import { pageUrl } from './page-url';

/**
 * First step of every screen's loader and action: runs the route's middleware from the route table
 * (which may redirect, only to safe targets) and returns the screen's parameters under the
 * specification's names; a missing required parameter is an error: the 404 page, since nothing is
 * at `/products/` (issue #12 item 6; a 500 before).
 */
export function guardRoute<Id extends RouteId>(
  id: Id,
  { request, params, context }: LoaderFunctionArgs,
): RouteParams<Id> {
  const route = findRoute(id);
  const target = runMiddleware(
    route.middleware,
    // Read only by middleware that needs it: a page that does not is the same for every visitor.
    {
      get isLoggedIn() {
        return context.isLoggedIn;
      },
      url: pageUrl(request.url),
    },
    { allowedHosts: context.redirectAllowedHosts },
  );
  if (target) throw redirect(target);
  try {
    return routeParams(id, params) as RouteParams<Id>;
  } catch (error) {
    if (error instanceof MissingRouteParameter) throw data(null, { status: 404 });
    throw error;
  }
}
