import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/search';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('search', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Search' }];

export default function SearchScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Search" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
