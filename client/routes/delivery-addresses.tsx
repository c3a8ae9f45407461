import { useLocation, useSearchParams } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { addressAction } from '../components/profile/address-action.server';
import { AddressForm } from '../components/profile/address-form';
import { AddressList } from '../components/profile/address-list';
import { ProfilePart } from '../components/profile/profile-part';
import { loadAddresses } from '../components/profile/profile-data.server';
import { resultOf } from '../components/profile/profile-result';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/delivery-addresses';

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

export default function DeliveryAddressesScreen({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const adding = resultOf(actionData, 'add-address');
  const { addresses } = loaderData;
  return (
    <ProfilePart title="Delivery addresses" answered={Boolean(actionData)}>
      <AddressList
        addresses={addresses}
        editing={search.get('edit')}
        result={resultOf(actionData, 'update-address', 'delete-address', 'default-address')}
      />
      <details className="add-form profile-panel" open={Boolean(adding) || addresses.length === 0}>
        <summary>Add a new address</summary>
        <AddressForm result={adding} />
      </details>
    </ProfilePart>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
