import { useSearchParams } from 'react-router';
import { AddressForm } from '../components/profile/address-form';
import { AddressList } from '../components/profile/address-list';
import { ProfilePart } from '../components/profile/profile-part';
import { resultOf } from '../components/profile/profile-result';
import type { Route } from '../routes/+types/delivery-addresses';

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
