import { Form, useNavigation } from 'react-router';
import { FieldError } from '../forms/field-error';
import { ORDER_KEY_FIELD } from '../forms/order-key-field';
import type { OrderActionResult } from './order-forms';

// Order again (specification call 7, copyBookingToCart): the shopper decides what happens to
// what is already in the cart. Items no longer sold are left out by the platform.
// "Add to my cart" adds the order's quantities to the cart's: the form carries a key made with
// the page, so the same submission sent again adds nothing (docs/decisions/0328), and with
// JavaScript the buttons wait for the answer (a second click would cancel the first request in
// the browser only: the server carries on).
type Props = { formKey: string; result?: OrderActionResult };

export function ReorderForm({ formKey, result }: Props) {
  const busy = useNavigation().formData?.get('intent') === 'reorder';
  return (
    <section className="order-panel" aria-labelledby="reorder-title">
      <h2 id="reorder-title">Order again</h2>
      <p>Put these items in your cart, then check out.</p>
      <Form method="post" className="reorder-buttons">
        <input type="hidden" name="intent" value="reorder" />
        <input type="hidden" name={ORDER_KEY_FIELD} value={formKey} />
        <button
          type="submit"
          name="override"
          value="true"
          className="button primary"
          disabled={busy}
        >
          Replace my cart
        </button>
        <button type="submit" name="override" value="false" className="button" disabled={busy}>
          Add to my cart
        </button>
      </Form>
      <FieldError id="override-error" message={result?.fieldErrors.override} />
      {result?.formError ? (
        <p className="form-error" role="alert">
          {result.formError}
        </p>
      ) : null}
    </section>
  );
}
