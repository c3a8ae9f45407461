import { Form, useNavigation } from 'react-router';
import { FormField, FormProblem } from '../forms/form-field';
import type { ProfileActionResult } from './profile-result';

// Adding a card. The number field never has a value from the server: after a mistake the shopper
// types it again (the action does not send it back, docs/decisions/0111).
export function CardForm({
  result,
  open,
}: {
  result: ProfileActionResult | undefined;
  open: boolean;
}) {
  const busy = useNavigation().formData?.get('intent') === 'add-card';
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  return (
    <details className="add-form" open={open}>
      <summary>Add a card</summary>
      <Form method="post" className="field-grid" autoComplete="on">
        <input type="hidden" name="intent" value="add-card" />
        <FormField
          form="add-card"
          name="cardNumber"
          label="Card number"
          required
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={40}
          error={errors.cardNumber}
        />
        <FormField
          form="add-card"
          name="holderName"
          label="Name on the card"
          required
          autoComplete="cc-name"
          maxLength={100}
          defaultValue={values.holderName}
          error={errors.holderName}
        />
        <FormField
          form="add-card"
          name="expiryMonth"
          label="Expiry month (MM)"
          required
          inputMode="numeric"
          autoComplete="cc-exp-month"
          maxLength={2}
          defaultValue={values.expiryMonth}
          error={errors.expiryMonth}
        />
        <FormField
          form="add-card"
          name="expiryYear"
          label="Expiry year (YYYY)"
          required
          inputMode="numeric"
          autoComplete="cc-exp-year"
          maxLength={4}
          defaultValue={values.expiryYear}
          error={errors.expiryYear}
        />
        <label className="check">
          <input type="checkbox" name="isDefault" /> Make this my default card
        </label>
        <FormProblem message={result?.formError} />
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save card'}
        </button>
      </Form>
    </details>
  );
}
