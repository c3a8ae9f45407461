import { useEffect, useState } from 'react';
import { Form, Link, useLocation, useSearchParams } from 'react-router';
import { href } from '../../../shared/href';
import { usePersonal } from '../../lib/personal';
import { DoneNotice } from '../forms/form-field';
import { useRefusalFocus } from '../forms/refusal-focus';
import type { CheckoutData } from './checkout-data.server';
import type { CheckoutActionResult } from './checkout-forms';
import { ORDER_FORM } from './address-choice';
import { DeliveryChoices, refusalsOf } from './delivery-choices';
import { LineTable } from './cart-review';
import { TotalsList } from './checkout-totals';
import { OrderFormFields } from './order-form-fields';
import { PlaceOrderButton } from './place-order-button';
import { useReorderedNotice } from './reordered-notice';
import { slotFeesOf, TOTAL_CHANGES } from './total-changed';

// The checkout: choices on the left (address, slot, payment), the cart and its totals with the
// order form on the right (below on a phone). An order refused for its total comes back here with
// ?changed=total, the new totals and the notice beside "Place order" (ADR 0319).
type Props = { checkout: CheckoutData; result: CheckoutActionResult | undefined };

export function CheckoutPage({ checkout, result }: Props) {
  const { quote, chosen } = checkout;
  // With JavaScript the totals follow the choices at once: "Update totals" is for no-JS only.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { order, address, card } = refusalsOf(result);
  // Each arrival with ?changed= (the cart's total, or the slot's fee) is a refusal of its own: its
  // key is what takes the focus. A code the page does not know says nothing (ADR 0320).
  const { key } = useLocation();
  const code = useSearchParams()[0].get('changed') ?? '';
  const changedText = Object.hasOwn(TOTAL_CHANGES, code) ? TOTAL_CHANGES[code] : undefined;
  const changed = changedText ? key : null;
  // The order form's choices sit outside it (form=): the page is where a refusal is shown.
  const scope = useRefusalFocus<HTMLDivElement>(result ?? changed);
  const notice = useReorderedNotice();
  // The cart's products, read with the page, give the lines their price per kg (ADR 0214).
  const products = usePersonal().cart?.products;

  if (quote.lines.length === 0) {
    return (
      <section className="checkout-empty" aria-labelledby="checkout-title">
        <h1 id="checkout-title">Checkout</h1>
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
      {/* "Order again" leads here; not beside a refusal (its autofocus would come first). */}
      <DoneNotice message={result ? null : notice} arrival />
      <DeliveryChoices
        addresses={checkout.addresses}
        slots={checkout.slots}
        cards={checkout.cards}
        chosen={chosen}
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
        <Form method="post" id={ORDER_FORM} className="order-form">
          <OrderFormFields
            orderKey={checkout.orderKey}
            total={quote.total}
            delivery={{ subtotal: quote.subtotal, slotFees: slotFeesOf(quote, checkout.slots) }}
            notes={chosen.notes}
            refused={
              order ?? (changedText ? { fieldErrors: {}, formError: changedText } : undefined)
            }
          />
          <div className="order-buttons">
            {/* Without JavaScript only (gone once hydrated, issue #9): re-quote with the chosen slot. */}
            {!hydrated && (
              <button type="submit" formMethod="get" className="button secondary">
                Update totals
              </button>
            )}
            <PlaceOrderButton>Place order</PlaceOrderButton>
          </div>
        </Form>
      </aside>
    </div>
  );
}
