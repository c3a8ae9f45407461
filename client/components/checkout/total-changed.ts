import { feeToPay, type PricedCart } from './slot-fee';

// "Place order" under totals the cart no longer has (ADR 0319): the order form sends the total its
// page showed, and the platform places the order at that total or not at all. Its own module, so
// the pages that render the fields do not pull zod into the browser (as ../forms/order-key-field).
export const SHOWN_TOTAL_FIELD = 'shownTotal';

// A slot chosen after the totals were shown (without JavaScript nothing re-quotes before "Place
// order") is no change of the cart: its total is the shown subtotal plus the fee the slot list
// showed beside it (ADR 0326). The form sends the subtotal, and the fee of each slot whose fee is
// not the shown slot's, as a query string (`slot-a=199&slot-b=199`; empty when every slot costs
// the same, as in a shop with one fee or past its free-delivery threshold).
export const SHOWN_SUBTOTAL_FIELD = 'shownSubtotal';
export const SLOT_FEES_FIELD = 'slotFees';

/** Said beside "Place order" when the platform refused the total shown: the page shows the new. */
export const CART_CHANGED = 'Your cart changed: check the new total.';
/** Said instead when the cart still costs what was shown, so the slot's fee is what changed. */
export const FEE_CHANGED = 'The delivery fee changed: check the new total.';

/** The `?changed=` of a checkout refused for its total, and what the page says for each. */
export const TOTAL_CHANGES: Readonly<Record<string, string>> = {
  total: CART_CHANGED,
  fee: FEE_CHANGED,
};

type ListedSlot = { id: string; fee: number; available: boolean };

/**
 * The delivery fee of each bookable slot whose fee differs from the shown slot's, as the slot
 * list shows it (`feeToPay`: none past the free-delivery threshold, ADR 0334).
 */
export function slotFeesOf(quote: PricedCart, slots: readonly ListedSlot[]): string {
  const fees = new URLSearchParams();
  for (const slot of slots) {
    const fee = feeToPay(quote, slot);
    if (slot.available && slot.id !== quote.slotId && fee !== quote.deliveryFee)
      fees.append(slot.id, String(fee));
  }
  return fees.toString();
}
