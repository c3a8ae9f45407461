import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/smart-cart';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('smart-cart', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Smart cart' }];

export default function SmartCartScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Smart cart" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
