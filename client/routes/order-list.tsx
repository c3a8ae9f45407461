import { loadOrderList, pageOf } from '../components/orders/order-data.server';
import { pageUrl } from '../lib/page-url';
import { guardedLoad } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/orders.css';
import type { Route } from './+types/order-list';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';

export async function loader(args: Route.LoaderArgs) {
  return guardedLoad('order-list', args, () =>
    loadOrderList(args.context, pageOf(pageUrl(args.request.url))),
  );
}

export const meta: Route.MetaFunction = privateMeta('Your orders');

const pageCode = () => import('../pages/order-list');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
