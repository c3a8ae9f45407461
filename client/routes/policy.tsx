import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/policy';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('policy', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Policy' }];

export default function PolicyScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Policy" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
