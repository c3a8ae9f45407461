import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/smart-carts';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('smart-carts', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Smart carts' }];

export default function SmartCartsScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Smart carts" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
