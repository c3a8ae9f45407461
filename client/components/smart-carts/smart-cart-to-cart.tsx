import type { SmartCart } from '../../../shared/contracts/lists';
import { smartCartPaths } from '../../../shared/contracts/list-paths';
import { ToCartForm } from '../lists/to-cart-form';

// "Put these items in my cart" (issue #29; named for its direction, ADR 0384): the smart cart's
// items join what the cart holds, by unit; the ones not available today are named. `formKey`:
// the page's (docs/decisions/0328).
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
        Put these items in my cart
      </button>
    </ToCartForm>
  );
}
