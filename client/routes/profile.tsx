import { useLocation } from 'react-router';
import {
  loadSignInMethods,
  signInMethodsAction,
} from '../components/account/sign-in-methods.server';
import { RouteErrorScreen } from '../components/error-screens';
import { loadOverview } from '../components/profile/profile-data.server';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/profile';
import { page } from '../lib/island';

export async function loader(args: Route.LoaderArgs) {
  guardRoute('profile', args);
  const [overview, signInMethods] = await Promise.all([
    loadOverview(args.context),
    loadSignInMethods(args.context),
  ]);
  return { overview, signInMethods, done: new URL(args.request.url).searchParams.get('done') };
}

// The "Ways to sign in" forms (unlink a provider, set a first password).
export async function action(args: Route.ActionArgs) {
  guardRoute('profile', args);
  return signInMethodsAction(args.context, await args.request.formData());
}

export const meta: Route.MetaFunction = () => [
  { title: 'Your profile' },
  { name: 'robots', content: 'noindex' },
];

export default page(
  () => import('../pages/profile'),
  import.meta.env.SSR ? await import('../pages/profile') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
