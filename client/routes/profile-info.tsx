import { infoAction } from '../components/profile/info-action.server';
import { loadInfo } from '../components/profile/profile-data.server';
import { guardedLoad, guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/profile-info';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';

export async function loader(args: Route.LoaderArgs) {
  return guardedLoad('profile-info', args, async () => ({ info: await loadInfo(args.context) }));
}

export async function action(args: Route.ActionArgs) {
  await guardRoute('profile-info', args);
  return infoAction(args.context, await args.request.formData());
}

export const meta: Route.MetaFunction = privateMeta('Your details');

const pageCode = () => import('../pages/profile-info');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
