import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/account-activation';

export function loader(args: Route.LoaderArgs) {
  return { params: guardRoute('account-activation', args) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Account activation' }];

export default function AccountActivationScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenPlaceholder title="Account activation" params={loaderData.params} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
