import type { TestShop } from '../support/shop';
import { buyableOfferings, shopperOf, type Shopper } from './client-checkout-support';

// A guest's browser for the guest checkout tests (issue #29 item 2): a guest session with a cart,
// and the order form's fields as a browser without JavaScript posts them.

/** A guest with 2 of a product the shop sells in the cart. */
export async function guestWithCart(shop: Pick<TestShop, 'url'>): Promise<Shopper> {
  const guest = shopperOf(shop);
  await guest.api('/auth/guest', 'POST');
  const [a] = await buyableOfferings(shop, 1);
  await guest.putItem(a!.id, 2);
  return guest;
}

/** The order form of a guest checkout page, filled in for `email`, with the slot it chose. */
export function guestOrderFields(html: string, email: string): Record<string, string> {
  const key = /name="(order-key|orderKey|idempotencyKey)" value="([^"]+)"/.exec(html);
  const slot = /<input[^>]*name="slotId"[^>]*>/g;
  let slotId = '';
  for (const tag of html.match(slot) ?? [])
    if (/checked/.test(tag) && !/disabled/.test(tag)) slotId = /value="([^"]+)"/.exec(tag)![1]!;
  return {
    intent: 'place-guest-order',
    [key?.[1] ?? 'orderKey']: key?.[2] ?? '',
    email,
    name: 'Gail Guest',
    line1: '12 Dock Rd',
    postcode: 'D04 K7W2',
    city: 'Dublin',
    country: 'IE',
    cardNumber: '4242 4242 4242 4242',
    holderName: 'Gail Guest',
    expiryMonth: '10',
    expiryYear: '2099',
    slotId,
    notes: '',
  };
}
