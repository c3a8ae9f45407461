import { smartCartsAction } from '../components/smart-carts/smart-cart-action.server';
import { loadSmartCarts } from '../components/smart-carts/smart-cart-data.server';
import { guardedLoad, guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/orders.css';
import '../styles/lists.css';
import type { Route } from './+types/smart-carts';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';

export async function loader(args: Route.LoaderArgs) {
  return guardedLoad('smart-carts', args, () => loadSmartCarts(args.context));
}

export async function action(args: Route.ActionArgs) {
  await guardRoute('smart-carts', args);
  return smartCartsAction(args.context, await args.request.formData());
}

export const meta: Route.MetaFunction = privateMeta('Smart carts');

const pageCode = () => import('../pages/smart-carts');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
