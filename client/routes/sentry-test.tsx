import { data, type AppLoadContext } from 'react-router';
import { deliberateFault } from '../../shared/deliberate-fault';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/sentry-test';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';
import '../styles/diagnostics.css';

// /sentry-test (issue #7 item 4): buttons that raise a browser error, a failed fetch, a loader
// error and a server-side exception; each shows the CID and the event id it produced. Nothing
// secret is involved and the deliberate failures are limited per client address (ADR 0244).
export const SENTRY_TEST_LOADER_ERROR = 'Sentry test: loader error';
export const SENTRY_TEST_SERVER_ERROR = 'Sentry test: server exception';

export async function loader(args: Route.LoaderArgs) {
  await guardRoute('sentry-test', args);
  if (new URL(args.request.url).searchParams.get('raise') === 'loader')
    return raiseLoaderError(args.context);
  const { server, browser } = args.context.reporting;
  return { reporting: { server, browser } };
}

export async function action({ context }: Route.ActionArgs) {
  if (!(await context.limit('test-failure')).ok)
    return data({ cid: context.cid, eventId: null, limited: true }, 429);
  const eventId = context.reportError(deliberateFault(SENTRY_TEST_SERVER_ERROR)) ?? null;
  return { cid: context.cid, eventId, limited: false };
}

/** The deliberate loader error, within the budget of the visitor's address (ADR 0244). */
async function raiseLoaderError(context: AppLoadContext): Promise<never> {
  if (!(await context.limit('test-failure')).ok)
    throw data({ message: 'Too many test errors; wait a minute.' }, 429);
  throw deliberateFault(SENTRY_TEST_LOADER_ERROR);
}

export const meta: Route.MetaFunction = privateMeta('Error reporting test');

const pageCode = () => import('../pages/sentry-test');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
