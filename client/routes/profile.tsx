import {
  loadSignInMethods,
  signInMethodsAction,
} from '../components/account/sign-in-methods.server';
import { loadOverview } from '../components/profile/profile-data.server';
import { guardedLoad, guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/profile';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';

export async function loader(args: Route.LoaderArgs) {
  return guardedLoad('profile', args, async () => {
    const [overview, signInMethods] = await Promise.all([
      loadOverview(args.context),
      loadSignInMethods(args.context),
    ]);
    return { overview, signInMethods, done: new URL(args.request.url).searchParams.get('done') };
  });
}

// The "Ways to sign in" forms (unlink a provider, set a first password).
export async function action(args: Route.ActionArgs) {
  await guardRoute('profile', args);
  return signInMethodsAction(args.context, await args.request.formData());
}

export const meta: Route.MetaFunction = privateMeta('Your profile');

const pageCode = () => import('../pages/profile');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
