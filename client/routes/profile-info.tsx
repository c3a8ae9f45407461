import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { infoAction } from '../components/profile/info-action.server';
import { loadInfo } from '../components/profile/profile-data.server';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/profile-info';
import { page } from '../lib/island';

export async function loader(args: Route.LoaderArgs) {
  guardRoute('profile-info', args);
  return { info: await loadInfo(args.context) };
}

export async function action(args: Route.ActionArgs) {
  guardRoute('profile-info', args);
  return infoAction(args.context, await args.request.formData());
}

export const meta: Route.MetaFunction = () => [
  { title: 'Your details' },
  { name: 'robots', content: 'noindex' },
];

export default page(
  () => import('../pages/profile-info'),
  import.meta.env.SSR ? await import('../pages/profile-info') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
