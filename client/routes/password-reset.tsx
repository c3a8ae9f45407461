import { finishReset } from '../components/registration/account-key-action.server';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/password-reset';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';

// The reset e-mail's link: choose a new password. Whether the key is still good is known only when
// uaa is asked to finish, so a bad key is a message after the post.
export async function loader(args: Route.LoaderArgs) {
  await guardRoute('password-reset', args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const { resetKey } = await guardRoute('password-reset', args);
  return finishReset(args.context, resetKey!, await args.request.formData());
}

// The key is in the address: no referrer leaves this page with it (the origin alone), and
// crawlers keep out. Not `no-referrer` (ADR 0110): the browser then sends `Origin: null` on the
// page's own post, which the gateway and React Router refuse (the form failed without JS).
export const meta: Route.MetaFunction = privateMeta('Choose a new password', {
  name: 'referrer',
  content: 'strict-origin',
});

const pageCode = () => import('../pages/password-reset');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
