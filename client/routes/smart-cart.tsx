import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { smartCartAction } from '../components/smart-carts/smart-cart-action.server';
import { loadSmartCart } from '../components/smart-carts/smart-cart-data.server';
import { SmartCartPage } from '../components/smart-carts/smart-cart-page';
import { guardRoute } from '../lib/route-guard.server';
import { pageUrl } from '../lib/page-url';
import '../styles/forms.css';
import '../styles/checkout-layout.css';
import '../styles/orders.css';
import '../styles/lists.css';
import type { Route } from './+types/smart-cart';

export async function loader(args: Route.LoaderArgs) {
  const { id } = guardRoute('smart-cart', args);
  return loadSmartCart(args.context, id!, pageUrl(args.request.url));
}

export async function action(args: Route.ActionArgs) {
  const { id } = guardRoute('smart-cart', args);
  return smartCartAction(
    args.context,
    id!,
    await args.request.formData(),
    pageUrl(args.request.url),
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.cart.name}: smart cart` : 'Smart cart' },
  { name: 'robots', content: 'noindex' },
];

export default function SmartCartScreen({ loaderData, actionData }: Route.ComponentProps) {
  return <SmartCartPage detail={loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
