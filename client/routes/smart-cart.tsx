import { smartCartAction } from '../components/smart-carts/smart-cart-action.server';
import { loadSmartCart } from '../components/smart-carts/smart-cart-data.server';
import { guardedLoad, guardRoute } from '../lib/route-guard.server';
import { pageUrl } from '../lib/page-url';
import '../styles/forms.css';
import '../styles/checkout-layout.css';
import '../styles/orders.css';
import '../styles/lists.css';
import type { Route } from './+types/smart-cart';
import { page } from '../lib/island';

export async function loader(args: Route.LoaderArgs) {
  return guardedLoad('smart-cart', args, ({ id }) =>
    loadSmartCart(args.context, id!, pageUrl(args.request.url)),
  );
}

export async function action(args: Route.ActionArgs) {
  const { id } = await guardRoute('smart-cart', args);
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

const pageCode = () => import('../pages/smart-cart');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
