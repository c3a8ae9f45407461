import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { loadOrderList, pageOf } from '../components/orders/order-data.server';
import { pageUrl } from '../lib/page-url';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/orders.css';
import type { Route } from './+types/order-list';
import { page } from '../lib/island';

export async function loader(args: Route.LoaderArgs) {
  guardRoute('order-list', args);
  return loadOrderList(args.context, pageOf(pageUrl(args.request.url)));
}

export const meta: Route.MetaFunction = () => [
  { title: 'Your orders' },
  { name: 'robots', content: 'noindex' },
];

export default page(
  () => import('../pages/order-list'),
  import.meta.env.SSR ? await import('../pages/order-list') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
