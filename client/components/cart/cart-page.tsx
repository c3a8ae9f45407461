import { cartTotals } from '../../cart/cart-totals';
import { useOfferingSummaries } from '../../cart/offering-summaries';
import { useServerCart } from '../../cart/server-cart';
import { useCart } from '../../cart/use-cart';
import { CartPanel } from './cart-panel';
import './cart.css';

// /cart: the cart panel as a plain page, where the header's cart link leads without JavaScript
// (docs/decisions/0163). Quantities and removal are forms; checkout (or sign-in first) is a link.
// `refused`: why the cart form's last change was not made, shown where the cart's errors are.
export function CartPage({ refused = null }: { refused?: string | null }) {
  const cart = useCart();
  const summaries = useOfferingSummaries(
    cart.booking?.items.map((item) => item.offeringId) ?? [],
    useServerCart()?.products,
  );
  return (
    <section className="cart-page" aria-labelledby="cart-page-title">
      <CartPanel
        booking={cart.booking}
        summaries={summaries}
        totals={cartTotals(cart.booking, summaries)}
        error={refused ?? cart.error}
        headingLevel="h1"
      />
    </section>
  );
}
