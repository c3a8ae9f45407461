import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/shopping-lists';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('shopping-lists', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Shopping lists' }];

export default function ShoppingListsScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Shopping lists" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
