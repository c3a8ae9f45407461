import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/order-detail';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('order-detail', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Order' }];

export default function OrderDetailScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Order" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
