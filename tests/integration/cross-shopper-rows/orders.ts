import { address, choice } from '../cross-shopper-worlds';
import type { Row } from './row';

// The rows of the cross-shopper table (../cross-shopper-table.ts) for orders: A's address, card
// and orders, and a guest's order.
export const ORDER_ROWS: readonly Row[] = [
  { op: 'ordersGetDeliverySlots', kind: 'own', ask: () => ({}) },
  { op: 'ordersPostOrdersQuote', kind: 'own', ask: (a, me) => ({ body: { slotId: me.slotId } }) },
  {
    op: 'ordersPostOrders',
    kind: 'names',
    note: 'A’s address with the caller’s own card',
    ask: (a, me) => ({ body: choice(a, me, me) }),
    refusals: [400],
    spends: true,
  },
  {
    op: 'ordersPostOrders',
    kind: 'names',
    note: 'A’s card with the caller’s own address',
    ask: (a, me) => ({ body: choice(me, a, me) }),
    refusals: [400],
    spends: true,
  },
  { op: 'ordersGetOrders', kind: 'own', ask: () => ({}) },
  { op: 'ordersGetOrdersById', kind: 'names', ask: (a) => ({ params: { id: a.orderId } }) },
  {
    op: 'ordersPutOrdersById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.orderId }, body: { notes: 'changed by someone else' } }),
    spends: true,
  },
  {
    op: 'ordersPutOrdersById',
    kind: 'names',
    note: 'the caller’s own order sent to A’s address',
    ask: (a, me) => ({ params: { id: me.orderId }, body: { addressId: a.addressId } }),
    refusals: [400],
    spends: true,
  },
  {
    op: 'ordersPostOrdersByIdCancel',
    kind: 'names',
    ask: (a) => ({ params: { id: a.orderId } }),
    spends: true,
  },
  {
    op: 'ordersPostGuestOrders',
    kind: 'own',
    owner: 'guest',
    ask: (a, me) => ({
      body: {
        email: 'someone@example.com',
        address,
        card: {
          cardNumber: '4242424242424242',
          expiryMonth: 12,
          expiryYear: 2099,
          holderName: 'S',
        },
        slotId: me.slotId,
      },
    }),
    spends: true,
  },
  {
    op: 'ordersGetGuestOrdersById',
    kind: 'names',
    owner: 'guest',
    ask: (a) => ({ params: { id: a.guest.orderId } }),
  },
  {
    op: 'ordersPostGuestOrdersByIdAccount',
    kind: 'names',
    owner: 'guest',
    ask: (a) => ({ params: { id: a.guest.orderId }, body: { password: 'taken-over-1' } }),
    spends: true,
  },
];
