import { Link } from 'react-router';
import { href } from '../../../shared/href';
import { usePersonal } from '../../lib/personal';
import { DoneNotice } from '../forms/form-field';
import { useRefusalFocus } from '../forms/refusal-focus';
import type { CheckoutData } from './checkout-data.server';
import type { CheckoutActionResult } from './checkout-forms';
import { ErrorSummary } from '../forms/error-summary';
import { DeliveryChoices, ORDER_SUMMARY_FIELDS, refusalsOf } from './delivery-choices';
import { LineTable } from './cart-review';
import { TotalsList } from './checkout-totals';
import { useReorderedNotice } from './reordered-notice';
import { useSignedInNotice } from './signed-in-notice';
import { useTotalChange } from './total-change-notice';
import { TotalOrderForm } from './total-order-form';

// The checkout: choices on the left (address, slot, payment), the cart and its totals with the
// order form on the right (below on a phone). An order refused for its total comes back here with
// ?changed=total, the new totals and the notice beside "Place order" (ADR 0319).
type Props = { checkout: CheckoutData; result: CheckoutActionResult | undefined };

export function CheckoutPage({ checkout, result }: Props) {
  const { quote, chosen } = checkout;
  const { order, address, card } = refusalsOf(result);
  // The refusal or ?changed= notice and its focus (ADR 0319).
  const { refused, focusKey } = useTotalChange(result, order);
  // The order form's choices sit outside it (form=): the page is where a refusal is shown.
  const scope = useRefusalFocus<HTMLDivElement>(focusKey);
  const reordered = useReorderedNotice();
  const signedIn = useSignedInNotice();
  const notice = reordered ?? signedIn;
  // The cart's products, read with the page, give the lines their price per kg (ADR 0214).
  const products = usePersonal().cart?.products;

  if (quote.lines.length === 0) {
    return (
      <section className="checkout-empty" aria-labelledby="checkout-title">
        <h1 id="checkout-title">Checkout</h1>
        <DoneNotice message={signedIn} arrival />
        <p>Your cart is empty, so there is nothing to check out yet.</p>
        <p>
          <Link to={href('home')} className="button">
            Start shopping
          </Link>{' '}
          <Link to={href('order-list')}>or order again from your past orders</Link>
        </p>
      </section>
    );
  }

  return (
    <div className="checkout" ref={scope}>
      <h1 id="checkout-title">Checkout</h1>
      <ErrorSummary errors={order?.fieldErrors} fields={ORDER_SUMMARY_FIELDS} />
      {/* "Order again" leads here; not beside a refusal (its autofocus would come first). */}
      <DoneNotice message={result ? null : notice} arrival />
      <DeliveryChoices
        addresses={checkout.addresses}
        slots={checkout.slots}
        cards={checkout.cards}
        chosen={chosen}
        priced={quote}
        refused={{ order, address, card }}
        requote
      />
      <aside className="checkout-summary" aria-labelledby="summary-title">
        <h2 id="summary-title">Your order</h2>
        <LineTable
          lines={quote.lines}
          currency={quote.currency}
          caption="Items in your cart"
          products={products}
        />
        <TotalsList
          totals={{ ...quote, freeDeliveryFrom: checkout.freeDeliveryFrom }}
          slot={checkout.slots.find((slot) => slot.id === chosen.slotId)?.label}
        />
        <TotalOrderForm
          orderKey={checkout.orderKey}
          quote={quote}
          slots={checkout.slots}
          notes={chosen.notes}
          refused={refused}
        >
          Place order
        </TotalOrderForm>
      </aside>
    </div>
  );
}
