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

type GuardArgs = Pick<LoaderFunctionArgs, 'request' | 'params' | 'context'>;

/**
 * First step of every screen's loader and action: runs the route's middleware from the route table
 * (which may redirect, only to safe targets) and returns the screen's parameters under the
 * specification's names; a missing required parameter is an error: the 404 page, since nothing is
 * at `/products/` (issue #12 item 6; a 500 before). Middleware that reads the visitor waits for
 * uaa's answer when the gateway does not know it yet (ADR 0270).
 */
export async function guardRoute<Id extends RouteId>(
  id: Id,
  args: GuardArgs,
): Promise<RouteParams<Id>> {
  const target = await middlewareTarget(id, args);
  if (target) throw redirect(target);
  return paramsOf(id, args);
}

/**
 * A guarded screen's data, fetched beside uaa's answer (ADR 0270): when the route's middleware
 * needs the visitor and the gateway does not know it yet (both token cookies, uaa asked), `load`
 * starts at once, with the visitor's token, and its result is used only if the middleware then
 * lets the page render; otherwise the redirect wins and the data is dropped unread. A visitor the
 * gateway already knows (no cookies) is redirected without any call.
 */
export async function guardedLoad<Id extends RouteId, T>(
  id: Id,
  args: GuardArgs,
  load: (params: RouteParams<Id>) => Promise<T>,
): Promise<T> {
  const target = middlewareTarget(id, args);
  if (!(target instanceof Promise)) {
    if (target) throw redirect(target);
    return load(paramsOf(id, args));
  }
  let params: RouteParams<Id> | null = null;
  try {
    params = paramsOf(id, args);
  } catch {
    // The middleware's verdict comes first, as for any other visitor; then the 404.
  }
  const loading = params === null ? null : load(params);
  loading?.catch(() => undefined); // Dropped when the middleware redirects.
  const redirectTo = await target;
  if (redirectTo) throw redirect(redirectTo);
  return loading ?? Promise.resolve(paramsOf(id, args) as never);
}

/** The middleware's redirect target, at once when the visitor is known or not read. */
function middlewareTarget(id: RouteId, args: GuardArgs): string | null | Promise<string | null> {
  const { request, context } = args;
  const route = findRoute(id);
  const run = () =>
    runMiddleware(
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
  try {
    return run();
  } catch (error) {
    // By name: the server build has its own copy of the gateway's class (shared/load-context.ts).
    if ((error as Error | null)?.name !== 'PageContextPending') throw error;
    return context.visitorReady.then(run);
  }
}

function paramsOf<Id extends RouteId>(id: Id, { params }: GuardArgs): RouteParams<Id> {
  try {
    return routeParams(id, params) as RouteParams<Id>;
  } catch (error) {
    if (error instanceof MissingRouteParameter) throw data(null, { status: 404 });
    throw error;
  }
}
