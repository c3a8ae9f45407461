import type { OrderQuote } from '../../../shared/contracts/orders';
import { TotalsList } from '../checkout/checkout-totals';
import { DeliveryChoices, ORDER_SUMMARY_FIELDS, refusalsOf } from '../checkout/delivery-choices';
import type { CartRefusal } from '../checkout/slot-quote.server';
import { useTotalChange } from '../checkout/total-change-notice';
import { ErrorSummary } from '../forms/error-summary';
import { useRefusalFocus } from '../forms/refusal-focus';
import type { SmartCartData } from './smart-cart-data.server';
import type { SmartCartActionResult } from './smart-cart-result';
import { TotalOrderForm } from '../checkout/total-order-form';

// Ordering a smart cart as the checkout orders the cart (ADR 0330): the choices, then what the
// order costs by the platform's quote of the chosen slot (subtotal, delivery, total), and the form
// that places it at that total or not at all. A refused total comes back with ?changed= (the cart,
// or the slot's fee), the new totals and the notice beside the button (ADR 0319, 0326).
type Props = { detail: SmartCartData; result?: SmartCartActionResult };

// What to do, by the platform's code (its text: the contracts' constants would bring zod here).
const WHAT_TO_DO: Record<CartRefusal['code'], string> = {
  order_too_large: 'Remove some items above, or lower their quantities, to order it.',
  items_unavailable: 'Remove the items that are not available above, then order it.',
};

export function SmartCartOrderForm({ detail, result }: Props) {
  const { chosen, priced } = detail;
  const { order, address, card } = refusalsOf(result);
  // The refusal or ?changed= notice and its focus (ADR 0330).
  const { refused, focusKey } = useTotalChange(result, order);
  const scope = useRefusalFocus<HTMLDivElement>(focusKey);

  if ('refused' in priced) {
    return (
      <div>
        <p className="form-error" role="alert">{`${priced.refused.message}.`}</p>
        <p>{WHAT_TO_DO[priced.refused.code]}</p>
      </div>
    );
  }
  const quote: OrderQuote = priced.quote;
  return (
    <div ref={scope}>
      {/* Its headings under the section's "Order this smart cart" (an <h2>). */}
      <ErrorSummary errors={order?.fieldErrors} fields={ORDER_SUMMARY_FIELDS} level={3} />
      <DeliveryChoices
        level={3}
        addresses={detail.addresses}
        slots={detail.slots}
        cards={detail.cards}
        chosen={chosen}
        priced={quote}
        refused={{ order, address, card }}
        requote
      />
      <TotalsList
        totals={quote}
        slot={detail.slots.find((slot) => slot.id === chosen.slotId)?.label}
      />
      <TotalOrderForm
        orderKey={detail.orderKey}
        quote={quote}
        slots={detail.slots}
        notes={chosen.notes}
        refused={refused}
      >
        Order this smart cart
      </TotalOrderForm>
    </div>
  );
}
