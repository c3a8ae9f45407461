import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/social-login';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('social-login', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Sign in' }];

export default function SocialLoginScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Sign in" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
