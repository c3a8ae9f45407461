import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/smart-cart-order';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('smart-cart-order', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Smart cart order' }];

export default function SmartCartOrderScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Smart cart order" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
