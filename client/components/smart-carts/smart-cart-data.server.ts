import type { AppLoadContext } from 'react-router';
import {
  smartCartPaths,
  type SmartCart,
  type SmartCartCollection,
} from '../../../shared/contracts/lists';
import {
  orderPaths,
  type DeliverySlotList,
  type OrderDetail,
  type OrderQuote,
} from '../../../shared/contracts/orders';
import {
  profilePaths,
  type DeliveryAddress,
  type DeliveryAddressList,
  type PaymentMethod,
  type PaymentMethodList,
} from '../../../shared/contracts/profile';
import {
  dateTimeLabel,
  slotChoices,
  slotLabel,
  type SlotOption,
  type TimeFormat,
} from '../orders/delivery-time';
import { requirePlatform } from '../../lib/platform-answer.server';
import { newOrderKey } from '../forms/place-order-forms';
import {
  quoteOfChoice,
  quoteOrRefusal,
  quoteShownSlot,
  type CartRefusal,
} from '../checkout/slot-quote.server';

// The smart cart screens' data. Ordering a smart cart takes the checkout's choices (address,
// slot, card), read from the URL like the checkout does so that a redirect can pre-select them,
// and the platform's quote of the chosen slot: the totals the order is placed at (ADR 0330).
export type SmartCartChoices = {
  addressId: string | null;
  slotId: string | null;
  paymentMethodId: string | null;
  notes: string;
};
export type SmartCartData = {
  cart: SmartCart;
  addresses: DeliveryAddress[];
  cards: PaymentMethod[];
  slots: SlotOption[];
  chosen: SmartCartChoices;
  /** What ordering it costs, or why it cannot be ordered as it stands (ADR 0314). */
  priced: { quote: OrderQuote } | { refused: CartRefusal };
  /** The order form's idempotency key (docs/decisions/0140). */
  orderKey: string;
};
export type SmartCartOrderData = { order: OrderDetail; placedOn: string; slot: string };

// The shop's locale, once the page context (loaded beside these calls, ADR 0270) is known.
const localeOf = async (context: AppLoadContext) => {
  await context.ready;
  return context.publicContext?.tenant.locale ?? 'en-GB';
};
const slotList = (context: AppLoadContext) =>
  requirePlatform<DeliverySlotList>(context.platform, { path: orderPaths.deliverySlots });

function pick<T extends { id: string }>(
  items: T[],
  wanted: string | null,
  fallback: T | undefined,
): string | null {
  return items.find((item) => item.id === wanted)?.id ?? fallback?.id ?? null;
}

export async function loadSmartCarts(context: AppLoadContext): Promise<SmartCartCollection> {
  return requirePlatform<SmartCartCollection>(context.platform, {
    path: smartCartPaths.smartCarts,
  });
}

/** A smart cart (unknown or someone else's → 404) with what ordering it needs. */
export async function loadSmartCart(
  context: AppLoadContext,
  id: string,
  url: URL,
): Promise<SmartCartData> {
  const wanted = (name: string) => url.searchParams.get(name);
  const quotePath = smartCartPaths.quote(id);
  const [cart, addresses, cards, list, quoted] = await Promise.all([
    requirePlatform<SmartCart>(context.platform, { path: smartCartPaths.smartCart(id) }),
    requirePlatform<DeliveryAddressList>(context.platform, { path: profilePaths.addresses }),
    requirePlatform<PaymentMethodList>(context.platform, { path: profilePaths.paymentMethods }),
    slotList(context),
    // The slot the page will show as chosen, by the checkout's rule (ADR 0290).
    quoteOrRefusal(quoteShownSlot(context.platform, wanted('slotId'), quotePath)),
  ]);
  const slots = slotChoices(list, await localeOf(context));
  const chosen = choicesOf(wanted, addresses.items, cards.items, slots);
  return {
    cart,
    addresses: addresses.items,
    cards: cards.items,
    slots,
    orderKey: newOrderKey(),
    chosen,
    priced:
      'quote' in quoted
        ? await quoteOrRefusal(
            quoteOfChoice(context.platform, quoted.quote, chosen.slotId, quotePath),
          )
        : quoted,
  };
}

function choicesOf(
  wanted: (name: string) => string | null,
  addresses: DeliveryAddress[],
  cards: PaymentMethod[],
  slots: SlotOption[],
): SmartCartChoices {
  return {
    addressId: pick(
      addresses,
      wanted('addressId'),
      addresses.find((a) => a.isDefault) ?? addresses[0],
    ),
    // As at the checkout, the earliest bookable slot until the shopper picks another (0166).
    slotId: pick(
      slots.filter((slot) => slot.available),
      wanted('slotId'),
      slots.find((slot) => slot.available),
    ),
    paymentMethodId: pick(
      cards,
      wanted('paymentMethodId'),
      cards.find((c) => c.isDefault) ?? cards[0],
    ),
    // Posted notes, kept through a refused total (the action puts them in the URL).
    notes: (wanted('notes') ?? '').slice(0, 1000),
  };
}

export async function loadSmartCartOrder(
  context: AppLoadContext,
  id: string,
  orderId: string,
): Promise<SmartCartOrderData> {
  const [order, list] = await Promise.all([
    requirePlatform<OrderDetail>(context.platform, {
      path: smartCartPaths.placedOrder(id, orderId),
    }),
    slotList(context),
  ]);
  const format: TimeFormat = { locale: await localeOf(context), timeZone: list.timeZone };
  return {
    order,
    placedOn: dateTimeLabel(order.createdAt, format),
    slot: slotLabel(order.slot, format),
  };
}
