import { useEffect } from 'react';
import { Form, Link } from 'react-router';
import { href } from '../../../shared/href';
import { SIGN_IN_PATH } from '../../../shared/route-middleware';
import { useMoney } from '../../lib/money';
import { cardLabel } from '../checkout/card-label';
import { LineTable } from '../checkout/cart-review';
import { FieldError } from '../forms/field-error';
import { DoneNotice, FormField } from '../forms/form-field';
import { useRefusalFocus } from '../forms/refusal-focus';
import { useCartChangedNotice } from '../orders/cart-changed';
import { NewPasswordField } from '../registration/new-password-field';
import type { GuestCheckoutResult } from './guest-checkout-action.server';
import type { GuestCheckoutData } from './guest-checkout-data.server';
import { GuestOrderForm } from './guest-order-form';
import { forgetDraft } from './order-draft';

// /checkout/guest (issue #29 item 2): the order form, then the order's number with the offer to
// make an account from it, then the account made.
type Props = { data: GuestCheckoutData; result?: GuestCheckoutResult };

export function GuestCheckoutPage({ data, result }: Props) {
  useCartChangedNotice(data.state === 'placed');
  switch (data.state) {
    case 'empty':
      return (
        <section className="checkout-empty" aria-labelledby="checkout-title">
          <h1 id="checkout-title">Check out as a guest</h1>
          <p>Your cart is empty, so there is nothing to check out yet.</p>
          <p>
            <Link to={href('home')} className="button">
              Start shopping
            </Link>
          </p>
        </section>
      );
    case 'account-created':
      return (
        <section className="checkout-empty" aria-labelledby="checkout-title">
          <h1 id="checkout-title">Your account is ready</h1>
          {/* This screen replaced the account form and its button: the notice takes the focus. */}
          <DoneNotice
            message="Your order is in your new account. Check your e-mail: we have sent a link to activate the account. Then sign in to follow your order."
            arrival
          />
          <SignInToOrders />
        </section>
      );
    case 'gone':
      return (
        <section className="checkout-empty" aria-labelledby="checkout-title">
          <h1 id="checkout-title">This order is not here</h1>
          <p>
            If you made an account from this order, it is in that account now: sign in to see it and
            follow it. Your confirmation e-mail has its number.
          </p>
          <SignInToOrders />
        </section>
      );
    case 'placed':
      return <GuestOrderPlaced order={data.order} result={result} />;
    case 'form':
    case 'refused':
      // One element for both: a cart refused, or put right, keeps the form and what is typed.
      return <GuestOrderForm data={data} result={result} />;
  }
}

function GuestOrderPlaced({
  order,
  result,
}: {
  order: Extract<GuestCheckoutData, { state: 'placed' }>['order'];
  result?: GuestCheckoutResult;
}) {
  const money = useMoney();
  // What the guest typed is in the order now: the tab's draft of it goes (ADR 0317).
  useEffect(() => forgetDraft(), []);
  const refused = result?.intent === 'create-account' ? result : undefined;
  const scope = useRefusalFocus<HTMLFormElement>(refused);
  return (
    <article className="guest-order" aria-labelledby="order-title">
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
      <LineTable lines={order.lines} currency={order.currency} caption="Items in your order" />
      <p>
        Total: <strong>{money(order.total, order.currency)}</strong>, paid with{' '}
        {cardLabel(order.payment)}.
      </p>
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

/** Sign in, then the account's orders: where an order made into an account is followed. */
function SignInToOrders() {
  return (
    <p>
      <a href={`${SIGN_IN_PATH}?returnTo=${encodeURIComponent(href('order-list'))}`}>Sign in</a>
    </p>
  );
}
