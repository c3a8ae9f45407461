import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { loadOverview } from '../components/profile/profile-data.server';
import { ProfileOverview } from '../components/profile/profile-overview';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/profile';

export async function loader(args: Route.LoaderArgs) {
  guardRoute('profile', args);
  return loadOverview(args.context);
}

export const meta: Route.MetaFunction = () => [
  { title: 'Your profile' },
  { name: 'robots', content: 'noindex' },
];

export default function ProfileScreen({ loaderData }: Route.ComponentProps) {
  return <ProfileOverview overview={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
