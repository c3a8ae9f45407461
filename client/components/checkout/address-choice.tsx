import type { DeliveryAddress } from '../../../shared/contracts/profile';
import { ADDRESS_FIELDS } from '../forms/address-card-fields';
import {
  ChoiceStep,
  ORDER_FORM,
  type ChoiceState,
  type StepLevel,
  type StepText,
} from './choice-step';

// Step "Delivery address": the shopper's addresses, and a form to add one.
export { ORDER_FORM };

export function addressLine(
  a: Pick<DeliveryAddress, 'line1' | 'line2' | 'postcode' | 'city'>,
): string {
  return [a.line1, a.line2, `${a.postcode} ${a.city}`].filter(Boolean).join(', ');
}

const STEP: StepText = {
  name: 'addressId',
  title: 'Delivery address',
  legend: 'Deliver to',
  empty: 'You have no delivery address yet: add one below.',
  add: {
    intent: 'add-address',
    summary: 'Add a new address',
    submit: 'Save address',
    defaultLabel: 'Make this my default address',
  },
  fields: ADDRESS_FIELDS,
};

export function AddressChoice({
  addresses,
  ...state
}: ChoiceState & StepLevel & { addresses: DeliveryAddress[] }) {
  const choices = addresses.map((a) => ({ id: a.id, title: a.name, detail: addressLine(a) }));
  return <ChoiceStep step={STEP} choices={choices} {...state} />;
}
