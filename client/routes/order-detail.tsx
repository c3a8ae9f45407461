import { orderAction } from '../components/orders/order-action.server';
import { loadOrderDetail } from '../components/orders/order-data.server';
import { page } from '../lib/island';
import { guardedLoad, guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/orders.css';
import type { Route } from './+types/order-detail';

export async function loader(args: Route.LoaderArgs) {
  return guardedLoad('order-detail', args, ({ orderId }) =>
    loadOrderDetail(args.context, orderId!),
  );
}

export async function action(args: Route.ActionArgs) {
  const { orderId } = await guardRoute('order-detail', args);
  return orderAction(args.context, orderId!, await args.request.formData());
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Order ${data.order.number}` : 'Order' },
  { name: 'robots', content: 'noindex' },
];

const pageCode = () => import('../pages/order-detail');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
