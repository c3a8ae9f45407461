import type { BookingItem } from '../../../shared/contracts/booking';
import type { Personal } from '../../../shared/contracts/personal';

/**
 * What quantity controls show of the visitor (ADR 0203): the counts of their own offering, and
 * whether there is a cart. The key says just that, and the visitor they are rendered with is made
 * of it alone, so controls with the same key render the same.
 */
export function quantityOnly(
  props: { offering: { id: string } },
  personal: Personal,
): { key: string; visitor: Personal } {
  const offeringId = props.offering.id;
  let single = 0;
  let cases = 0;
  for (const item of personal.cart?.booking.items ?? []) {
    if (item.offeringId !== offeringId) continue;
    if (item.byCase) cases += item.quantity;
    else single += item.quantity;
  }
  const items: BookingItem[] = [];
  if (single > 0) items.push({ uid: 'single', offeringId, quantity: single, byCase: false });
  if (cases > 0) items.push({ uid: 'case', offeringId, quantity: cases, byCase: true });
  const cart = personal.cart && {
    booking: { uid: '', items, notes: [], lastUpdate: null },
    products: {},
  };
  return {
    key: `${cart ? 'cart' : 'none'} ${single} ${cases}`,
    visitor: { hasSession: cart !== null, account: null, cart },
  };
}
