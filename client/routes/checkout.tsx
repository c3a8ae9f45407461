import { checkoutAction } from '../components/checkout/checkout-action.server';
import { loadCheckout } from '../components/checkout/checkout-data.server';
import { guardedLoad, guardRoute } from '../lib/route-guard.server';
import { pageUrl } from '../lib/page-url';
import '../styles/forms.css';
import '../styles/checkout-layout.css';
import type { Route } from './+types/checkout';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';

export async function loader(args: Route.LoaderArgs) {
  return guardedLoad('checkout', args, () => loadCheckout(args.context, pageUrl(args.request.url)));
}

export async function action(args: Route.ActionArgs) {
  await guardRoute('checkout', args);
  return checkoutAction(args.context, await args.request.formData(), pageUrl(args.request.url));
}

export const meta: Route.MetaFunction = privateMeta('Checkout');

const pageCode = () => import('../pages/checkout');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
