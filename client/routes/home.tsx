import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/home';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('home', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Home' }];

export default function HomeScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Home" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
