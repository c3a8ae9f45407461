import { Link } from 'react-router';
import { useReorderedNotice } from './reordered-notice';

// The checkout of a cart larger than one order may be, by its total or by its lines (ADR 0061,
// 0314): the page says why it cannot be ordered and what to do, instead of an error screen.
export function CartTooLarge({ message }: { message: string }) {
  // "Order again" may be what made it too large.
  const reordered = useReorderedNotice();
  return (
    <section className="checkout-empty" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Checkout</h1>
      {reordered ? (
        <p className="notice" role="status">
          {reordered}
        </p>
      ) : null}
      <p className="form-error" role="alert">
        {`${message}.`}
      </p>
      <p>Remove some items from your cart, or lower their quantities, to order it.</p>
      <p>
        <Link to="/cart" className="button">
          Review your cart
        </Link>
      </p>
    </section>
  );
}
