import { z } from 'zod';
import type { AppLoadContext } from 'react-router';
import {
  profilePaths,
  type DeliveryAddress,
  type DeliveryAddressList,
} from '../../../shared/contracts/profile';
import { fieldErrorsOf, formFields, type FormFields } from '../forms/form-fields';
import { intentForms } from '../forms/intent-forms';
import {
  AddressForm,
  AddressUpdateForm,
  countryErrors,
  parseAddress,
} from '../forms/place-order-forms';
import { askPlatform } from '../../lib/platform-answer.server';
import { backTo, refused, refusedByPlatform, unknownIntent } from './profile-answer.server';
import type { ProfileIntent } from './profile-result';
import { ADDRESS_FIELD_NAMES, ticked, typedAddress } from '../forms/address-card-fields';

// The delivery addresses screen's one action: add, change, delete, make default. The form fields
// are checked with the profile service's own schema (the checkout's add-address form does the same).
const AddressId = z.string().trim().min(1).max(100);
/** The screen's forms, by intent: the address form, and the address chosen (`id`). */
export const AddressForms = intentForms({
  'add-address': AddressForm,
  'update-address': AddressUpdateForm,
  'delete-address': z.object({ id: AddressId }),
  'default-address': z.object({ id: AddressId }),
});
const AddressIntent = AddressForms.intent;

async function save(
  context: AppLoadContext,
  intent: ProfileIntent,
  fields: FormFields,
  id: string | undefined,
) {
  // What was typed and ticked, for the form after a refusal.
  const values = { ...typedAddress(fields), isDefault: ticked(fields.isDefault) };
  const address = parseAddress(fields);
  const elsewhere = await countryErrors(context, fields.country);
  if (!address.success || elsewhere.country) {
    const fieldErrors = address.success ? {} : fieldErrorsOf(address.error);
    return refused({ intent, id, fieldErrors: { ...fieldErrors, ...elsewhere }, values });
  }
  const saved = await askPlatform<DeliveryAddress>(context.platform, {
    method: id ? 'PUT' : 'POST',
    path: id ? profilePaths.address(id) : profilePaths.addresses,
    body: address.data,
  });
  if (!saved.ok) return refusedByPlatform({ intent, id, values }, saved, ADDRESS_FIELD_NAMES);
  return backTo('delivery-addresses', id ? 'address-updated' : 'address-added');
}

/** The service changes the default with a PUT of the whole address, so the stored one is sent back. */
async function makeDefault(context: AppLoadContext, id: string) {
  const list = await askPlatform<DeliveryAddressList>(context.platform, {
    path: profilePaths.addresses,
  });
  if (!list.ok) return refusedByPlatform({ intent: 'default-address', id }, list, []);
  const address = list.body.items.find((item) => item.id === id);
  if (!address)
    return refused(
      {
        intent: 'default-address',
        id,
        fieldErrors: {},
        formError: 'This address no longer exists.',
      },
      404,
    );
  const { id: _id, ...stored } = address;
  const saved = await askPlatform(context.platform, {
    method: 'PUT',
    path: profilePaths.address(id),
    body: { ...stored, isDefault: true },
  });
  if (!saved.ok) return refusedByPlatform({ intent: 'default-address', id }, saved, []);
  return backTo('delivery-addresses', 'address-default');
}

export async function addressAction(context: AppLoadContext, form: FormData) {
  const fields = formFields(form);
  const intent = AddressIntent.safeParse(fields.intent);
  if (!intent.success) unknownIntent(fields.intent);
  if (intent.data === 'add-address') return save(context, 'add-address', fields, undefined);
  const id = AddressId.safeParse(fields.id);
  if (!id.success)
    return refused({ intent: intent.data, fieldErrors: {}, formError: 'Choose an address first.' });
  switch (intent.data) {
    case 'update-address':
      return save(context, 'update-address', fields, id.data);
    case 'default-address':
      return makeDefault(context, id.data);
    case 'delete-address': {
      const deleted = await askPlatform(context.platform, {
        method: 'DELETE',
        path: profilePaths.address(id.data),
      });
      if (!deleted.ok)
        return refusedByPlatform({ intent: 'delete-address', id: id.data }, deleted, []);
      return backTo('delivery-addresses', 'address-deleted');
    }
  }
}
