import { Link } from 'react-router';
import { href } from '../../../shared/href';
import { SIGN_IN_PATH } from '../../../shared/route-middleware';
import { DoneNotice } from '../forms/form-field';
import { useCartChangedNotice } from '../orders/cart-changed';
import type { GuestCheckoutResult } from './guest-checkout-action.server';
import type { GuestCheckoutData } from './guest-checkout-data.server';
import { GuestOrderForm } from './guest-order-form';
import { GuestOrderPlaced } from './guest-order-placed';

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
      return <GuestOrderPlaced order={data.order} slot={data.slot} result={result} />;
    case 'form':
    case 'refused':
      // One element for both: a cart refused, or put right, keeps the form and what is typed.
      return <GuestOrderForm data={data} result={result} />;
  }
}

/** Sign in, then the account's orders: where an order made into an account is followed. */
function SignInToOrders() {
  return (
    <p>
      <a href={`${SIGN_IN_PATH}?returnTo=${encodeURIComponent(href('order-list'))}`}>Sign in</a>
    </p>
  );
}
