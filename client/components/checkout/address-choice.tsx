import { Form } from 'react-router';
import type { DeliveryAddress } from '../../../shared/contracts/profile';
import { FieldError, TextField } from '../forms/field-error';

// Step "Delivery address": the shopper's addresses as radios of the order form (linked by its id,
// so the add-address form can sit beside them without nesting forms), and a form to add one.
export const ORDER_FORM = 'checkout-order';

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
  const adding = Boolean(addErrors && (Object.keys(addErrors).length > 0 || addFailed));
  return (
    <section className="checkout-step" aria-labelledby="address-title">
      <h2 id="address-title">Delivery address</h2>
      <fieldset className="choices" aria-describedby={error ? 'addressId-error' : undefined}>
        <legend className="visually-hidden">Deliver to</legend>
        {addresses.length === 0 ? <p>You have no delivery address yet: add one below.</p> : null}
        {addresses.map((address) => (
          <label key={address.id} className="choice">
            <input
              type="radio"
              form={ORDER_FORM}
              name="addressId"
              value={address.id}
              defaultChecked={address.id === chosen}
            />
            <span>
              <strong>{address.name}</strong>
              <span className="choice-detail">{addressLine(address)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FieldError id="addressId-error" message={error} />
      <details className="add-form" open={adding || addresses.length === 0}>
        <summary>Add a new address</summary>
        <Form method="post" id="add-address" className="field-grid">
          <input type="hidden" name="intent" value="add-address" />
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
          <label className="check">
            <input type="checkbox" name="isDefault" /> Make this my default address
          </label>
          {addFailed ? (
            <p className="form-error" role="alert">
              {addFailed}
            </p>
          ) : null}
          <button type="submit" className="button secondary">
            Save address
          </button>
        </Form>
      </details>
    </section>
  );
}
