import { data, type AppLoadContext } from 'react-router';
import { guestOrderPaths } from '../../../shared/contracts/guest-orders';
import {
  orderPaths,
  type DeliverySlotList,
  type OrderDetail,
  type OrderQuote,
} from '../../../shared/contracts/orders';
import { askPlatform, nothingThere, requirePlatform } from '../../lib/platform-answer.server';
import { newOrderKey } from '../forms/place-order-forms';
import {
  quoteOfChoice,
  quoteOrRefusal,
  quoteShownSlot,
  type CartRefusal,
} from '../checkout/slot-quote.server';
import { slotChoices, slotLabel, type SlotOption } from '../orders/delivery-time';
import { shopFormat } from '../orders/order-data.server';

// What the guest checkout shows (issue #29 item 2, docs/decisions/0262): the cart's quote and the
// slots with the order form, or the order just placed (?placed=) with the offer of an account, or
// that the account was made (?account=created: the order is no longer the guest session's), or
// that the order of ?placed= is not this session's (any more): the route answers that with a 404.
// A cart the platform will not order as it stands is the page saying why above the order form,
// without totals (ADR 0314, 0317).
type OrderFormBase = { slots: SlotOption[]; slotId: string | null; orderKey: string };
type GuestOrderForm = OrderFormBase & { state: 'form'; quote: OrderQuote };
type RefusedOrderForm = OrderFormBase & { state: 'refused'; refused: CartRefusal };
export type GuestCheckoutData =
  | { state: 'empty' }
  | RefusedOrderForm
  | { state: 'account-created' }
  | { state: 'gone' }
  | { state: 'placed'; order: OrderDetail; slot: string }
  | GuestOrderForm;

/** The page context and the visitor, once known (they may load beside the loaders, ADR 0270). */
export async function settled(context: AppLoadContext): Promise<void> {
  const pending = context as { ready?: Promise<void>; visitorReady?: Promise<void> };
  await Promise.all([pending.ready, pending.visitorReady]);
}

export async function loadGuestCheckout(
  context: AppLoadContext,
  url: URL,
): Promise<GuestCheckoutData> {
  if (url.searchParams.get('account') === 'created') return { state: 'account-created' };
  if (!context.hasSession) return { state: 'empty' };
  const placed = url.searchParams.get('placed');
  if (placed) {
    const order = await askPlatform<OrderDetail>(context.platform, {
      path: guestOrderPaths.order(placed),
    });
    if (order.ok)
      return {
        state: 'placed',
        order: order.body,
        slot: slotLabel(order.body.slot, await shopFormat(context)),
      };
    // An account made from the order took it (the confirmation shown again: Back, a reload), or
    // it never was this session's. The shop's "Page not found" said neither.
    if (nothingThere(order.status)) return { state: 'gone' };
    throw data({ message: order.message }, { status: order.status >= 500 ? 502 : order.status });
  }
  return loadOrderForm(context, url);
}

async function loadOrderForm(
  context: AppLoadContext,
  url: URL,
): Promise<GuestOrderForm | RefusedOrderForm | { state: 'empty' }> {
  // The slot list and the quote of the slot the page will show as chosen, together (ADR 0290).
  const wanted = url.searchParams.get('slotId');
  const [list, quoted] = await Promise.all([
    requirePlatform<DeliverySlotList>(context.platform, { path: orderPaths.deliverySlots }),
    quoteOrRefusal(quoteShownSlot(context.platform, wanted)),
  ]);
  const slots = slotChoices(list, context.publicContext?.tenant.locale ?? 'en-GB');
  const slotId =
    slots.find((slot) => slot.available && slot.id === wanted)?.id ??
    slots.find((slot) => slot.available)?.id ??
    null;
  const chosen =
    'refused' in quoted
      ? quoted
      : await quoteOrRefusal(quoteOfChoice(context.platform, quoted.quote, slotId));
  const form = { slots, slotId, orderKey: newOrderKey() };
  if ('refused' in chosen) return { state: 'refused', refused: chosen.refused, ...form };
  if (chosen.quote.lines.length === 0) return { state: 'empty' };
  return { state: 'form', quote: chosen.quote, ...form };
}
