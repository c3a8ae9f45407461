import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/content-page';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('content-page', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Page' }];

export default function ContentPageScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Page" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
