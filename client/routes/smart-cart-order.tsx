import { loadSmartCartOrder } from '../components/smart-carts/smart-cart-data.server';
import { guardedLoad } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/orders.css';
import type { Route } from './+types/smart-cart-order';
import { page } from '../lib/island';

export async function loader(args: Route.LoaderArgs) {
  return guardedLoad('smart-cart-order', args, async ({ id, orderId }) => ({
    smartCartId: id!,
    ...(await loadSmartCartOrder(args.context, id!, orderId!)),
  }));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Order ${data.order.number}` : 'Order' },
  { name: 'robots', content: 'noindex' },
];

const pageCode = () => import('../pages/smart-cart-order');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
