import { Form, Link } from 'react-router';
import type { SmartCart } from '../../../shared/contracts/lists';
import { href } from '../../../shared/href';
import { useCart } from '../../cart/use-cart';
import { FormProblem } from '../forms/form-field';
import { ORDER_KEY_FIELD } from '../forms/order-key-field';
import type { SmartCartActionResult } from './smart-cart-result';

// "Save my cart’s items here" (ADR 0371; named for its direction, 0384): a weekly smart cart kept
// up to date from this week's cart, and the way out of an empty one. A form to the page's action,
// as the items editor: with JavaScript React Router posts it and loads the page again. The cart
// is read as the cart widget reads it, so the form is there as soon as the cart holds something
// ("Put these items in my cart" too). `formKey`: the page's (docs/decisions/0328): the same post
// again adds nothing more.
type Props = { cart: SmartCart; formKey: string; result?: SmartCartActionResult };

export function AddCartForm({ cart, formKey, result }: Props) {
  const held = useCart().booking?.items.length ?? 0;
  const empty = cart.items.length === 0;
  // A cart emptied in another tab since the page was shown: the refusal says so where the form was.
  const refusal = <FormProblem message={result?.formError} />;
  if (held === 0) {
    return (
      <>
        {refusal}
        {empty ? (
          <p className="add-cart-empty">
            Your cart is empty too. Put in your cart what you want in this smart cart, then add your
            cart here.{' '}
            <Link to={href('home')} className="button primary">
              Start shopping
            </Link>
          </p>
        ) : null}
      </>
    );
  }
  return (
    <Form method="post" preventScrollReset className="add-cart-form">
      <input type="hidden" name="intent" value="add-cart" />
      <input type="hidden" name={ORDER_KEY_FIELD} value={formKey} />
      {empty ? <p>Fill it from your cart: your cart stays as it is.</p> : null}
      {refusal}
      <button type="submit" className={empty ? 'button primary' : 'button'}>
        Save my cart’s items here
      </button>
    </Form>
  );
}
