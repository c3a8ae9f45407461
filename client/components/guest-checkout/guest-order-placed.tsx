import { useEffect } from 'react';
import { Form } from 'react-router';
import type { OrderDetail } from '../../../shared/contracts/orders';
import { href } from '../../../shared/href';
import { SIGN_IN_PATH } from '../../../shared/route-middleware';
import { LineTable } from '../checkout/cart-review';
import { TotalsList } from '../checkout/checkout-totals';
import { FieldError } from '../forms/field-error';
import { DoneNotice, FormField } from '../forms/form-field';
import { useRefusalFocus } from '../forms/refusal-focus';
import { OrderFacts } from '../orders/order-facts';
import { NewPasswordField } from '../registration/new-password-field';
import type { GuestCheckoutResult } from './guest-checkout-action.server';
import { forgetDraft } from './order-draft';

// A guest's order just placed (issue #29 item 2): what a signed-in shopper's order page shows of
// it, its items and totals, when and where it comes and how it is paid (the confirmation said
// none of the three: docs/decisions/0377), then the offer to make an account from it.
type Props = { order: OrderDetail; slot: string; result?: GuestCheckoutResult };

export function GuestOrderPlaced({ order, slot, result }: Props) {
  // What the guest typed is in the order now: the tab's draft of it goes (ADR 0317).
  useEffect(() => forgetDraft(), []);
  const refused = result?.intent === 'create-account' ? result : undefined;
  const scope = useRefusalFocus<HTMLFormElement>(refused);
  return (
    <article className="order-detail guest-order" aria-labelledby="order-title">
      <h1 id="order-title">{`Order ${order.number}`}</h1>
      {/* This screen replaced the order form and its button: the notice takes the focus. */}
      <DoneNotice
        message={
          refused
            ? null
            : `Thank you! Your order ${order.number} is placed. We have sent a confirmation to your e-mail address.`
        }
        arrival
      />
      <div className="order-columns">
        <section className="order-panel" aria-labelledby="items-title">
          <h2 id="items-title">Items</h2>
          <LineTable lines={order.lines} currency={order.currency} caption="Items in your order" />
          <TotalsList totals={order} />
        </section>
        <section className="order-panel" aria-labelledby="delivery-title">
          <h2 id="delivery-title">Delivery and payment</h2>
          <OrderFacts order={order} slot={slot} />
        </section>
      </div>
      <section className="checkout-step" aria-labelledby="account-title">
        <h2 id="account-title">Create an account from this order</h2>
        <p>Choose a password to follow this order, change it until its cut-off and order faster.</p>
        <Form method="post" className="field-grid" ref={scope}>
          <input type="hidden" name="intent" value="create-account" />
          <input type="hidden" name="orderId" value={order.id} />
          <NewPasswordField
            form="guest-account"
            name="password"
            label="Password"
            error={refused?.fieldErrors.password}
          />
          <FormField
            form="guest-account"
            name="firstName"
            label="First name"
            autoComplete="given-name"
            maxLength={100}
            error={refused?.fieldErrors.firstName}
          />
          <FormField
            form="guest-account"
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            maxLength={100}
            error={refused?.fieldErrors.lastName}
          />
          <FieldError id="guest-account-error" message={refused?.formError} />
          {refused?.formError && /sign in/i.test(refused.formError) ? (
            <p>
              <a href={`${SIGN_IN_PATH}?returnTo=${encodeURIComponent(href('order-list'))}`}>
                Sign in
              </a>
            </p>
          ) : null}
          <button type="submit" className="button primary">
            Create account
          </button>
        </Form>
      </section>
    </article>
  );
}
