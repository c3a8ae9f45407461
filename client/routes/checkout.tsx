import { useLocation } from 'react-router';
import { checkoutAction } from '../components/checkout/checkout-action.server';
import { loadCheckout } from '../components/checkout/checkout-data.server';
import { RouteErrorScreen } from '../components/error-screens';
import { guardRoute } from '../lib/route-guard.server';
import { pageUrl } from '../lib/page-url';
import '../styles/forms.css';
import '../styles/checkout-layout.css';
import type { Route } from './+types/checkout';
import { page } from '../lib/island';

export async function loader(args: Route.LoaderArgs) {
  guardRoute('checkout', args);
  return loadCheckout(args.context, pageUrl(args.request.url));
}

export async function action(args: Route.ActionArgs) {
  guardRoute('checkout', args);
  return checkoutAction(args.context, await args.request.formData(), pageUrl(args.request.url));
}

export const meta: Route.MetaFunction = () => [
  { title: 'Checkout' },
  { name: 'robots', content: 'noindex' },
];

export default page(
  () => import('../pages/checkout'),
  import.meta.env.SSR ? await import('../pages/checkout') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
