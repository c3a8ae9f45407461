import { data, redirect } from 'react-router';
import { href } from '../../shared/href';
import { signedInCheckout } from '../components/checkout/signed-in-notice';
import { guestCheckoutAction } from '../components/guest-checkout/guest-checkout-action.server';
import {
  loadGuestCheckout,
  settled,
} from '../components/guest-checkout/guest-checkout-data.server';
import { page } from '../lib/island';
import { pageUrl } from '../lib/page-url';
import { privateMeta } from '../lib/seo';
import '../styles/forms.css';
import '../styles/checkout-layout.css';
import '../styles/orders.css';
import type { Route } from './+types/guest-checkout';

// /checkout/guest (issue #29 item 2, docs/decisions/0262): checkout for a visitor who is not
// signed in; a signed-in shopper goes to /checkout. Not a screen of the route table, like /cart.
export async function loader({ context, request }: Route.LoaderArgs) {
  await settled(context);
  if (context.isLoggedIn) throw redirect(href('checkout'));
  const loaded = await loadGuestCheckout(context, pageUrl(request.url));
  return loaded.state === 'gone' ? data(loaded, { status: 404 }) : loaded;
}

export async function action({ context, request }: Route.ActionArgs) {
  await settled(context);
  const form = await request.formData();
  // Signed in since the page was shown (in another tab): nothing is placed as a guest, and the
  // checkout says so (signed-in-notice.ts).
  if (context.isLoggedIn) throw redirect(signedInCheckout(form.get('intent')));
  return guestCheckoutAction(context, form);
}

export const meta: Route.MetaFunction = privateMeta('Check out as a guest');

const pageCode = () => import('../pages/guest-checkout');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
