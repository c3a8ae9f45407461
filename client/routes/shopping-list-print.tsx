import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/shopping-list-print';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('shopping-list-print', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Shopping list' }];

export default function ShoppingListPrintScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Shopping list" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
