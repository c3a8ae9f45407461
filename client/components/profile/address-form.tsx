import { Form, Link, useNavigation } from 'react-router';
import type { DeliveryAddress } from '../../../shared/contracts/profile';
import { href } from '../../../shared/href';
import { ADDRESS_FIELDS } from '../forms/address-card-fields';
import { FieldList, FormProblem } from '../forms/form-field';
import { useOpenedFocus } from '../forms/opened-focus';
import { useRefusalFocus } from '../forms/refusal-focus';
import { DefaultCheckbox } from './default-checkbox';
import type { ProfileActionResult } from './profile-result';

// One form for a new address and for changing one (then it carries the address's id and starts
// filled in). After a mistake it shows what the shopper typed.
type Props = { address?: DeliveryAddress; result: ProfileActionResult | undefined };

export function AddressForm({ address, result }: Props) {
  const intent = address ? 'update-address' : 'add-address';
  const formId = address ? `edit-${address.id}` : 'add-address';
  const busy = useNavigation().formData?.get('intent') === intent;
  const errors = result?.fieldErrors ?? {};
  const scope = useRefusalFocus<HTMLFormElement>(result);
  // "Change" (a link to ?edit=) gave way to this form: its first field takes the focus.
  useOpenedFocus(scope, Boolean(address));
  const value = (name: string) =>
    result?.values?.[name] ??
    (address ? String(address[name as keyof DeliveryAddress]) : undefined);
  return (
    <Form
      method="post"
      className="field-grid"
      ref={scope}
      aria-label={address ? `Change the address ${address.name}` : 'New address'}
    >
      <input type="hidden" name="intent" value={intent} />
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      {/* Without JavaScript "Change" is a new document, at its top: the form may be screens
          below on a phone. Its first field starts with the focus, in sight (ADR 0377); after a
          refusal the fields in error have it. */}
      <FieldList
        form={formId}
        fields={ADDRESS_FIELDS}
        errors={errors}
        valueFor={value}
        opened={Boolean(address) && !result}
      />
      {address?.isDefault ? null : <DefaultCheckbox what="address" result={result} />}
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
