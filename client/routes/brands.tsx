import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/brands';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('brands', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Brand' }];

export default function BrandsScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Brand" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
