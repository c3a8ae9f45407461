import { Link } from 'react-router';
import { DoneNotice } from '../forms/form-field';
import type { CartRefusal } from './slot-quote.server';
import { useReorderedNotice } from './reordered-notice';

// The checkout of a cart that cannot be ordered as it stands (ADR 0061, 0314), signed in or as a
// guest: the page says why, in the platform's words, and what to do in the cart, instead of an
// error screen. Nothing here is the shop's fault, and the cart is where it is put right.
// (By the codes' text: the contracts' constants would bring zod into the page's code.)
const WHAT_TO_DO: Record<CartRefusal['code'], string> = {
  order_too_large: 'Remove some items from your cart, or lower their quantities, to order it.',
  items_unavailable: 'Remove the items that are not available from your cart, then check out.',
};

export function CartRefused({ refusal, title }: { refusal: CartRefusal; title: string }) {
  // "Order again" may be what made it too large.
  const reordered = useReorderedNotice();
  return (
    <section className="checkout-empty" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{title}</h1>
      <DoneNotice message={reordered} arrival />
      <CartRefusalNotice refusal={refusal} />
    </section>
  );
}

/**
 * Why, what to do and the way to the cart. `answer`: the page answers a post the platform refused
 * for the cart (the guest's order form, ADR 0317), so the reason takes the focus, as a refused
 * field's message does (ADR 0308): `autofocus` in its document, `useRefusalFocus` with JavaScript.
 */
export function CartRefusalNotice({ refusal, answer }: { refusal: CartRefusal; answer?: boolean }) {
  return (
    <>
      <p className="form-error" role="alert" {...(answer ? { tabIndex: -1, autoFocus: true } : {})}>
        {`${refusal.message}.`}
      </p>
      <p>{WHAT_TO_DO[refusal.code]}</p>
      <p>
        <Link to="/cart" className="button">
          Review your cart
        </Link>
      </p>
    </>
  );
}
