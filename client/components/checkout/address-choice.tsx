import type { DeliveryAddress } from '../../../shared/contracts/profile';
import { TextField } from '../forms/field-error';
import { ChoiceStep, ORDER_FORM } from './choice-step';

// Step "Delivery address": the shopper's addresses, and a form to add one.
export { ORDER_FORM };

export function addressLine(
  a: Pick<DeliveryAddress, 'line1' | 'line2' | 'postcode' | 'city'>,
): string {
  return [a.line1, a.line2, `${a.postcode} ${a.city}`].filter(Boolean).join(', ');
}

type Props = {
  addresses: DeliveryAddress[];
  chosen: string | null;
  error?: string;
  addErrors?: Record<string, string>;
  addFailed?: string;
};

export function AddressChoice({ addresses, chosen, error, addErrors, addFailed }: Props) {
  return (
    <ChoiceStep
      titleId="address-title"
      title="Delivery address"
      legend="Deliver to"
      name="addressId"
      choices={addresses.map((address) => ({
        id: address.id,
        title: address.name,
        detail: addressLine(address),
      }))}
      chosen={chosen}
      error={error}
      empty="You have no delivery address yet: add one below."
      add={{
        intent: 'add-address',
        summary: 'Add a new address',
        submit: 'Save address',
        defaultLabel: 'Make this my default address',
      }}
      addErrors={addErrors}
      addFailed={addFailed}
    >
      <TextField
        form="add-address"
        name="name"
        label="Recipient's name"
        required
        autoComplete="name"
        error={addErrors?.name}
      />
      <TextField
        form="add-address"
        name="line1"
        label="Address"
        required
        autoComplete="address-line1"
        error={addErrors?.line1}
      />
      <TextField
        form="add-address"
        name="line2"
        label="Address line 2"
        autoComplete="address-line2"
        error={addErrors?.line2}
      />
      <TextField
        form="add-address"
        name="postcode"
        label="Postcode"
        required
        autoComplete="postal-code"
        error={addErrors?.postcode}
      />
      <TextField
        form="add-address"
        name="city"
        label="Town or city"
        required
        autoComplete="address-level2"
        error={addErrors?.city}
      />
      <TextField
        form="add-address"
        name="country"
        label="Country"
        required
        autoComplete="country-name"
        error={addErrors?.country}
      />
      <TextField
        form="add-address"
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={addErrors?.phone}
      />
      <TextField
        form="add-address"
        name="instructions"
        label="Instructions for the driver"
        error={addErrors?.instructions}
      />
    </ChoiceStep>
  );
}
