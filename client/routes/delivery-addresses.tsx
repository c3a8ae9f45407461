import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { addressAction } from '../components/profile/address-action.server';
import { loadAddresses } from '../components/profile/profile-data.server';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/delivery-addresses';
import { page } from '../lib/island';

export async function loader(args: Route.LoaderArgs) {
  guardRoute('delivery-addresses', args);
  return { addresses: await loadAddresses(args.context) };
}

export async function action(args: Route.ActionArgs) {
  guardRoute('delivery-addresses', args);
  return addressAction(args.context, await args.request.formData());
}

export const meta: Route.MetaFunction = () => [
  { title: 'Delivery addresses' },
  { name: 'robots', content: 'noindex' },
];

export default page(
  () => import('../pages/delivery-addresses'),
  import.meta.env.SSR ? await import('../pages/delivery-addresses') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
