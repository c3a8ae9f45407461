import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/blink-test';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('blink-test', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Blink test' }];

export default function BlinkTestScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Blink test" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
