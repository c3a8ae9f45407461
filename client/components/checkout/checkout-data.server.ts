import type { AppLoadContext } from 'react-router';
import {
  orderPaths,
  type DeliverySlotList,
  type OrderQuote,
} from '../../../shared/contracts/orders';
import {
  profilePaths,
  type DeliveryAddress,
  type DeliveryAddressList,
  type PaymentMethod,
  type PaymentMethodList,
} from '../../../shared/contracts/profile';
import { slotChoices, type SlotOption } from '../orders/delivery-time';
import { requirePlatform } from '../../lib/platform-answer.server';
import { newOrderKey } from '../forms/place-order-forms';
import { cartRefusal, quoteOfChoice, quoteShownSlot, type CartRefusal } from './slot-quote.server';

// Everything the checkout screen shows, the quote included, fetched in parallel: the platform
// quotes the slot the page will show as chosen (ADR 0290). The shopper's choices live in the URL
// (?addressId=&slotId=&paymentMethodId=), so that "Update totals" works without JavaScript and
// the platform's quote includes the chosen slot's delivery fee.
export type CheckoutChoices = {
  addressId: string | null;
  slotId: string | null;
  paymentMethodId: string | null;
  notes: string;
};
export type CheckoutData = {
  quote: OrderQuote;
  addresses: DeliveryAddress[];
  cards: PaymentMethod[];
  slots: SlotOption[];
  freeDeliveryFrom: number;
  chosen: CheckoutChoices;
  /** The order form's idempotency key (docs/decisions/0140). */
  orderKey: string;
};

/** Ids from the URL count only when they name one of the shopper's own (or a bookable slot). */
function pick<T extends { id: string }>(
  items: T[],
  wanted: string | null,
  fallback: T | undefined,
): string | null {
  return items.find((item) => item.id === wanted)?.id ?? fallback?.id ?? null;
}

/**
 * A cart that cannot be ordered as it stands (too large an order, items no longer on sale): the
 * platform's reason, shown in the page (ADR 0314).
 */
export type CheckoutRefused = { refused: CartRefusal };

export async function loadCheckout(
  context: AppLoadContext,
  url: URL,
): Promise<CheckoutData | CheckoutRefused> {
  try {
    return await loadChoices(context, url);
  } catch (thrown) {
    const refused = cartRefusal(thrown);
    if (refused === null) throw thrown;
    return { refused };
  }
}

async function loadChoices(context: AppLoadContext, url: URL): Promise<CheckoutData> {
  const wanted = (name: string) => url.searchParams.get(name);
  const [addresses, cards, slotList, quoted] = await Promise.all([
    requirePlatform<DeliveryAddressList>(context.platform, { path: profilePaths.addresses }),
    requirePlatform<PaymentMethodList>(context.platform, { path: profilePaths.paymentMethods }),
    requirePlatform<DeliverySlotList>(context.platform, { path: orderPaths.deliverySlots }),
    quoteShownSlot(context.platform, wanted('slotId')),
    context.ready,
  ]);
  const slots = slotChoices(slotList, context.publicContext?.tenant.locale ?? 'en-GB');
  const bookable = slots.filter((slot) => slot.available);
  const chosen: CheckoutChoices = {
    addressId: pick(
      addresses.items,
      wanted('addressId'),
      addresses.items.find((a) => a.isDefault) ?? addresses.items[0],
    ),
    // The earliest bookable slot is chosen until the shopper picks another, so the total
    // includes delivery from the start (issue #9 point 6, docs/decisions/0166).
    slotId: pick(bookable, wanted('slotId'), bookable[0]),
    paymentMethodId: pick(
      cards.items,
      wanted('paymentMethodId'),
      cards.items.find((c) => c.isDefault) ?? cards.items[0],
    ),
    notes: (wanted('notes') ?? '').slice(0, 1000),
  };
  // The platform chose by the same rule from the same slots (ADR 0290).
  const quote = await quoteOfChoice(context.platform, quoted, chosen.slotId);
  return {
    quote,
    addresses: addresses.items,
    cards: cards.items,
    slots,
    freeDeliveryFrom: slotList.freeDeliveryFrom,
    chosen,
    orderKey: newOrderKey(),
  };
}
