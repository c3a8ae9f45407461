import { addressAction } from '../components/profile/address-action.server';
import { loadAddresses } from '../components/profile/profile-data.server';
import { guardedLoad, guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/delivery-addresses';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';

export async function loader(args: Route.LoaderArgs) {
  return guardedLoad('delivery-addresses', args, async () => ({
    addresses: await loadAddresses(args.context),
  }));
}

export async function action(args: Route.ActionArgs) {
  await guardRoute('delivery-addresses', args);
  return addressAction(args.context, await args.request.formData());
}

export const meta: Route.MetaFunction = privateMeta('Delivery addresses');

const pageCode = () => import('../pages/delivery-addresses');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
