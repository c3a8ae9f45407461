import { activateAccount } from '../components/registration/account-key-action.server';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/account-activation';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';

// The activation e-mail's link. The loader only shows the page; activation is the POST of its
// button (docs/decisions/0110). The key is not put into the page.
export async function loader(args: Route.LoaderArgs) {
  await guardRoute('account-activation', args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const { activationKey } = await guardRoute('account-activation', args);
  return activateAccount(args.context, activationKey!);
}

// The key is in the address: no referrer leaves this page with it (the origin alone), and
// crawlers keep out. Not `no-referrer` (ADR 0110): the browser then sends `Origin: null` on the
// page's own post, which the gateway and React Router refuse (the form failed without JS).
export const meta: Route.MetaFunction = privateMeta('Activate your account', {
  name: 'referrer',
  content: 'strict-origin',
});

const pageCode = () => import('../pages/account-activation');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
