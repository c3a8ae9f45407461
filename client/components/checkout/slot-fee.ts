// What a delivery slot costs the cart a page priced (ADR 0334): the slot list shows it, and the
// order form sends it (ADR 0326), so the two cannot say different things. The quote prices one
// slot; every other slot costs its own fee, or nothing from the free-delivery threshold on: the
// platform's rule, as its contract states it ("a subtotal from this amount is delivered free").
// Its own module, without zod, as ./total-changed: the pages' browser code imports it.

/** The quote a page shows (or an order): its slot and that slot's fee (null when none), its subtotal. */
export type PricedCart = {
  slotId: string | null;
  deliveryFee: number | null;
  subtotal: number;
  freeDeliveryFrom: number;
};

/** What the shopper pays for delivery in `slot`: the quote's own fee for the quoted slot. */
export function feeToPay(priced: PricedCart, slot: { id: string; fee: number }): number {
  if (slot.id === priced.slotId && priced.deliveryFee !== null) return priced.deliveryFee;
  return priced.subtotal >= priced.freeDeliveryFrom ? 0 : slot.fee;
}

/**
 * What the slot list says of a bookable slot's fee, mid-sentence: "€4.95", "free delivery", or
 * "free delivery (usually €4.95)" when the cart's subtotal waives it. Without a quote (a cart the
 * platform refuses to price) the slot's own fee.
 */
export function slotFeeWords(
  slot: { id: string; fee: number },
  priced: PricedCart | null | undefined,
  money: (cents: number) => string,
): string {
  const pay = priced ? feeToPay(priced, slot) : slot.fee;
  if (pay > 0) return money(pay);
  return slot.fee > 0 ? `free delivery (usually ${money(slot.fee)})` : 'free delivery';
}
