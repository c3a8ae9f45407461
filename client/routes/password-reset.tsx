import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/password-reset';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('password-reset', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Password reset' }];

export default function PasswordResetScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Password reset" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
