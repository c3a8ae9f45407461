import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { smartCartsAction } from '../components/smart-carts/smart-cart-action.server';
import { loadSmartCarts } from '../components/smart-carts/smart-cart-data.server';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/orders.css';
import '../styles/lists.css';
import type { Route } from './+types/smart-carts';
import { page } from '../lib/island';

export async function loader(args: Route.LoaderArgs) {
  guardRoute('smart-carts', args);
  return loadSmartCarts(args.context);
}

export async function action(args: Route.ActionArgs) {
  guardRoute('smart-carts', args);
  return smartCartsAction(args.context, await args.request.formData());
}

export const meta: Route.MetaFunction = () => [
  { title: 'Smart carts' },
  { name: 'robots', content: 'noindex' },
];

export default page(
  () => import('../pages/smart-carts'),
  import.meta.env.SSR ? await import('../pages/smart-carts') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
