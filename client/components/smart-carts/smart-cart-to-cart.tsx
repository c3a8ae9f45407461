import type { SmartCart } from '../../../shared/contracts/lists';
import { smartCartPaths } from '../../../shared/contracts/list-paths';
import { ToCartForm } from '../lists/to-cart-form';

// "Add smart cart to cart" (issue #29): its items join what the cart holds, by unit; the ones not
// available today are named. `formKey`: the page's (docs/decisions/0328).
export function SmartCartToCart({ cart, formKey }: { cart: SmartCart; formKey: string }) {
  if (cart.items.length === 0) return null;
  return (
    <ToCartForm
      call={{ path: smartCartPaths.toCart(cart.id) }}
      formKey={formKey}
      fields={{ intent: 'to-cart' }}
      className="fill-buttons"
    >
      <button type="submit" className="button">
        Add smart cart to cart
      </button>
    </ToCartForm>
  );
}
