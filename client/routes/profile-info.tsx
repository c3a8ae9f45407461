import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/profile-info';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('profile-info', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Profile info' }];

export default function ProfileInfoScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Profile info" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
