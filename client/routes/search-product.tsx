import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/search-product';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('search-product', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Product' }];

export default function SearchProductScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Product" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
