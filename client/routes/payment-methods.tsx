import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/payment-methods';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('payment-methods', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Payment methods' }];

export default function PaymentMethodsScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Payment methods" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
