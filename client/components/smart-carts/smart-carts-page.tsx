import { Form, useSearchParams } from 'react-router';
import type { SmartCartSummary } from '../../../shared/contracts/lists';
import { FieldError, errorProps } from '../forms/field-error';
import { DoneNotice } from '../forms/form-field';
import { useRefusalFocus } from '../forms/refusal-focus';
import { SMART_CART_NOTICES, type SmartCartActionResult } from './smart-cart-result';
import { SmartCartRow } from './smart-cart-row';
import { noticeOf } from '../../lib/done-notice';

// The shopper's smart carts (saved carts ordered again in one step): open, delete (after a
// question, ./smart-cart-row.tsx), create.
export function SmartCartsPage({
  carts,
  result,
}: {
  carts: SmartCartSummary[];
  result?: SmartCartActionResult;
}) {
  const [search] = useSearchParams();
  const askingFor = search.get('confirm') === 'delete' ? search.get('cart') : null;
  // The smart cart whose question "No, keep it" closed (?cart=…&kept=delete, docs/decisions/0390).
  const keptFor = search.get('kept') === 'delete' ? search.get('cart') : null;
  const notice = result ? undefined : noticeOf(SMART_CART_NOTICES, search.get('done'));
  const create = result?.intent === 'create-cart' ? result : undefined;
  const remove = result?.intent === 'delete-cart' ? result : undefined;
  const scope = useRefusalFocus<HTMLFormElement>(create);
  // "Save cart as a smart cart" is a form under the cart that posts here: its refusal (an empty
  // cart, a blank name, too many smart carts) is said here, or the page would say nothing.
  const saveCart = result?.intent === 'from-cart' ? result : undefined;
  const saveCartError = saveCart ? (saveCart.formError ?? saveCart.fieldErrors.name) : undefined;
  return (
    <section className="smart-cart-screen" aria-labelledby="smart-carts-title">
      <h1 id="smart-carts-title">Smart carts</h1>
      {/* "Yes, delete the smart cart" takes its row away: the focus goes to the notice
          (docs/decisions/0315). */}
      <DoneNotice message={notice ?? null} />
      {saveCartError ? (
        <p className="form-error" role="alert">
          {`Your cart was not saved as a smart cart: ${saveCartError}`}
        </p>
      ) : null}
      {carts.length === 0 ? (
        <p>You have no smart cart yet: create one below.</p>
      ) : (
        <ul className="smart-cart-rows">
          {carts.map((cart) => (
            <SmartCartRow key={cart.id} cart={cart} askingFor={askingFor} keptFor={keptFor} />
          ))}
        </ul>
      )}
      {remove?.formError ? (
        <p className="form-error" role="alert">
          {remove.formError}
        </p>
      ) : null}
      <Form method="post" className="smart-cart-panel list-create" ref={scope}>
        <input type="hidden" name="intent" value="create-cart" />
        <label htmlFor="new-cart-name">New smart cart</label>
        <div className="inline-form">
          <input
            id="new-cart-name"
            name="name"
            required
            maxLength={100}
            {...errorProps('new-cart-name-error', create?.fieldErrors.name)}
          />
          <button type="submit" className="button">
            Create smart cart
          </button>
        </div>
        <FieldError id="new-cart-name-error" message={create?.fieldErrors.name} />
        {create?.formError ? (
          <p className="form-error" role="alert" tabIndex={-1} autoFocus>
            {create.formError}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
