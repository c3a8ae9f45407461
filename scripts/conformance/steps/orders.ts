import { removeLines } from './cart';
import { first, type Body, type State, type Step } from './types';

// The test account's orders as the checkout and the order screens read them: delivery slots, a
// quote, the order history, its first order, and one placed from a smart cart (if the history
// shows one) as the smart cart reads it. A reorder into the cart is made and its lines taken out
// again, for an order none of whose offerings the cart holds. Placing, changing or cancelling an
// order is only probed: a change written back unchanged still prices the order again.
function keepOrder(s: State, order: Body): void {
  const id = String(order.id);
  const offerings = ((order.lines as Body[] | undefined) ?? []).map((l) => String(l.offeringId));
  const held = new Set(s.cartOfferings ?? []);
  if (s.cartOfferings && offerings.length > 0 && !offerings.some((o) => held.has(o)))
    s.reorder = { id, offerings };
}

export const ORDER_STEPS: readonly Step[] = [
  { op: 'ordersGetDeliverySlots', token: 'account' },
  { op: 'ordersPostOrdersQuote', token: 'account', body: () => ({}) },
  {
    op: 'ordersGetOrders',
    token: 'account',
    query: () => ({ page: '1', pageSize: '5' }),
    keep: (s, b) => {
      s.orderId = first(b.items)?.id as string | undefined;
      const fromSmartCart = ((b.items as Body[] | undefined) ?? []).find(
        (order) => typeof order.smartCartId === 'string',
      );
      if (fromSmartCart)
        s.smartCartOrder = {
          id: String(fromSmartCart.smartCartId),
          orderId: String(fromSmartCart.id),
        };
    },
  },
  {
    op: 'ordersGetOrdersById',
    token: 'account',
    needs: ['orderId'],
    params: (s) => ({ id: s.orderId! }),
    keep: keepOrder,
  },
  {
    op: 'smartCartsGetSmartCartsByIdOrdersByOrderId',
    token: 'account',
    needs: ['smartCartOrder'],
    params: (s) => ({ ...s.smartCartOrder! }),
  },
  {
    op: 'bookingMsGetBookingsCartCopyBookingToCart',
    token: 'account',
    needs: ['reorder'],
    query: (s) => ({ bookingId: s.reorder!.id, override: 'false' }),
    keep: (s, cart) => {
      const ordered = new Set(s.reorder!.offerings);
      s.reorderedUids = ((cart.items as Body[] | undefined) ?? [])
        .filter((item) => ordered.has(String(item.offeringId)))
        .map((item) => String(item.uid));
    },
  },
  {
    ...removeLines((s) => s.reorderedUids),
    needs: ['tenantId', 'reorderedUids'],
    keep: (s) => void (s.reorderedUids = undefined),
  },
];
