import { useId } from 'react';
import { href } from '../../../shared/href';

// "Save cart as a smart cart" under the cart (issue #29): a plain form to the smart carts screen's
// action, which saves the cart as it is now and opens the new smart cart. For a signed-in shopper
// only (smart carts are an account's); a guest is offered guest checkout beside sign-in instead.
export function SaveCartForm() {
  const id = useId();
  return (
    <details className="save-cart">
      <summary>Save cart as a smart cart</summary>
      <form method="post" action={href('smart-carts')} className="inline-form">
        <input type="hidden" name="intent" value="from-cart" />
        <label htmlFor={`${id}-name`}>Name of the smart cart</label>
        <input
          id={`${id}-name`}
          name="name"
          required
          maxLength={100}
          defaultValue="My usual shop"
        />
        <button type="submit" className="button">
          Save smart cart
        </button>
      </form>
    </details>
  );
}
