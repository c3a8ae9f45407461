import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/search-results';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('search-results', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Search results' }];

export default function SearchResultsScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Search results" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
