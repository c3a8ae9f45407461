import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/checkout';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('checkout', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Checkout' }];

export default function CheckoutScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Checkout" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
