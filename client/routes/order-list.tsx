import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/order-list';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('order-list', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Your orders' }];

export default function OrderListScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Your orders" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
