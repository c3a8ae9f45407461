import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/profile';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('profile', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Your profile' }];

export default function ProfileScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Your profile" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
