import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/sentry-test';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('sentry-test', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Error reporting test' }];

export default function SentryTestScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Error reporting test" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
