import { Form } from 'react-router';
import { FieldError } from '../forms/field-error';
import type { OrderActionResult } from './order-forms';

// Order again (specification call 7, copyBookingToCart): the shopper decides what happens to
// what is already in the cart. Items no longer sold are left out by the platform.
export function ReorderForm({ result }: { result?: OrderActionResult }) {
  return (
    <section className="order-panel" aria-labelledby="reorder-title">
      <h2 id="reorder-title">Order again</h2>
      <p>Put these items in your cart, then check out.</p>
      <Form method="post" className="reorder-buttons">
        <input type="hidden" name="intent" value="reorder" />
        <button type="submit" name="override" value="true" className="button primary">
          Replace my cart
        </button>
        <button type="submit" name="override" value="false" className="button">
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
