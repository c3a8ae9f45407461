import { Form, Link, useNavigation } from 'react-router';
import type { DeliveryAddress } from '../../../shared/contracts/profile';
import { href } from '../../../shared/href';
import { FormField, FormProblem } from '../forms/form-field';
import type { ProfileActionResult } from './profile-result';

// One form for a new address and for changing one (then it carries the address's id and starts
// filled in). After a mistake it shows what the shopper typed.
type Props = { address?: DeliveryAddress; result: ProfileActionResult | undefined };

export function AddressForm({ address, result }: Props) {
  const intent = address ? 'update-address' : 'add-address';
  const formId = address ? `edit-${address.id}` : 'add-address';
  const busy = useNavigation().formData?.get('intent') === intent;
  const errors = result?.fieldErrors ?? {};
  const value = (name: keyof DeliveryAddress) =>
    result?.values?.[name] ?? (address ? String(address[name]) : undefined);
  const field = (
    name: keyof DeliveryAddress & string,
    label: string,
    extra: { required?: boolean; autoComplete?: string; type?: string; maxLength?: number },
  ) => (
    <FormField
      form={formId}
      name={name}
      label={label}
      defaultValue={value(name)}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <Form
      method="post"
      className="field-grid"
      aria-label={address ? `Change the address ${address.name}` : 'New address'}
    >
      <input type="hidden" name="intent" value={intent} />
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      {field('name', "Recipient's name", { required: true, autoComplete: 'name', maxLength: 100 })}
      {field('line1', 'Address', { required: true, autoComplete: 'address-line1', maxLength: 200 })}
      {field('line2', 'Address line 2', { autoComplete: 'address-line2', maxLength: 200 })}
      {field('postcode', 'Postcode', {
        required: true,
        autoComplete: 'postal-code',
        maxLength: 20,
      })}
      {field('city', 'Town or city', {
        required: true,
        autoComplete: 'address-level2',
        maxLength: 100,
      })}
      {field('country', 'Country', { required: true, autoComplete: 'country-name', maxLength: 60 })}
      {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel', maxLength: 30 })}
      {field('instructions', 'Instructions for the driver', { maxLength: 500 })}
      {address?.isDefault ? null : (
        <label className="check">
          <input type="checkbox" name="isDefault" /> Make this my default address
        </label>
      )}
      <FormProblem message={result?.formError} />
      <div className="saved-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save address'}
        </button>
        {address ? <Link to={href('delivery-addresses')}>Cancel</Link> : null}
      </div>
    </Form>
  );
}
