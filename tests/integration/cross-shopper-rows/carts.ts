import { addItem, type Row } from './row';

// The rows of the cross-shopper table (../cross-shopper-table.ts) for the cart (booking-ms): the
// caller's own, an item of A's, an order of A's copied in.
export const CART_ROWS: readonly Row[] = [
  {
    op: 'bookingMsGetBookingsCartTenantByTenantId',
    kind: 'own',
    ask: (a) => ({ params: { tenantId: a.tenant } }),
  },
  {
    op: 'bookingMsPutBookingsCartTenantByTenantIdItem',
    kind: 'own',
    ask: (a, me) => ({ params: { tenantId: a.tenant }, body: addItem(me) }),
  },
  {
    op: 'bookingMsPutBookingsCartTenantByTenantIdItem',
    kind: 'names',
    note: 'substItemUid: an item of A’s cart',
    ask: (a, me) => ({
      params: { tenantId: a.tenant },
      query: { substItemUid: a.cartItemUid },
      body: addItem(me),
    }),
    spends: true,
  },
  {
    op: 'bookingMsDeleteBookingsCartTenantByTenantIdItem',
    kind: 'names',
    ask: (a) => ({ params: { tenantId: a.tenant }, query: { bookingItemUid: a.cartItemUid } }),
    spends: true,
  },
  {
    op: 'bookingMsDeleteBookingsCartTenantByTenantIdItems',
    kind: 'own',
    note: 'uids not in the caller’s cart are ignored (200): A’s item stays',
    ask: (a) => ({ params: { tenantId: a.tenant }, body: { items: [{ uid: a.cartItemUid }] } }),
    spends: true,
  },
  {
    op: 'bookingMsGetBookingsCartCopyBookingToCart',
    kind: 'names',
    ask: (a) => ({ query: { bookingId: a.orderId } }),
    spends: true,
  },
];
