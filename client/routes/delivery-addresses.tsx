import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/delivery-addresses';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('delivery-addresses', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Delivery addresses' }];

export default function DeliveryAddressesScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Delivery addresses" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
