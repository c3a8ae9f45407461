import { choice } from '../cross-shopper-worlds';
import type { Row } from './row';

// The rows of the cross-shopper table (../cross-shopper-table.ts) for smart carts: A's smart
// carts, their orders, and A's card.
export const SMART_CART_ROWS: readonly Row[] = [
  { op: 'smartCartsGetSmartCarts', kind: 'own', ask: () => ({}) },
  { op: 'smartCartsPostSmartCarts', kind: 'own', ask: () => ({ body: { name: 'Another' } }) },
  {
    op: 'smartCartsPostSmartCartsFromCart',
    kind: 'own',
    ask: () => ({ body: { name: 'From cart' } }),
  },
  {
    op: 'smartCartsGetSmartCartsById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.smartCartId } }),
  },
  {
    op: 'smartCartsPutSmartCartsById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.smartCartId }, body: { name: 'Renamed' } }),
    spends: true,
  },
  {
    op: 'smartCartsDeleteSmartCartsById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.smartCartId } }),
    spends: true,
  },
  {
    op: 'smartCartsPostSmartCartsByIdQuote',
    kind: 'names',
    ask: (a) => ({ params: { id: a.smartCartId }, body: {} }),
  },
  {
    op: 'smartCartsPostSmartCartsByIdOrder',
    kind: 'names',
    ask: (a, me) => ({ params: { id: a.smartCartId }, body: choice(me, me, me) }),
    spends: true,
  },
  {
    op: 'smartCartsPostSmartCartsByIdOrder',
    kind: 'names',
    note: 'the caller’s own smart cart paid with A’s card',
    ask: (a, me) => ({ params: { id: me.smartCartId }, body: choice(me, a, me) }),
    refusals: [400],
    spends: true,
  },
  {
    op: 'smartCartsGetSmartCartsByIdOrdersByOrderId',
    kind: 'names',
    ask: (a) => ({ params: { id: a.smartCartId, orderId: a.smartOrderId } }),
  },
  {
    op: 'smartCartsGetSmartCartsByIdOrdersByOrderId',
    kind: 'names',
    note: 'A’s order under the caller’s own smart cart',
    ask: (a, me) => ({ params: { id: me.smartCartId, orderId: a.smartOrderId } }),
    control: (a) => ({ params: { id: a.smartCartId, orderId: a.smartOrderId } }),
  },
  {
    op: 'smartCartsPostSmartCartsByIdAddCart',
    kind: 'names',
    ask: (a) => ({ params: { id: a.smartCartId } }),
    spends: true,
  },
  {
    op: 'smartCartsPostSmartCartsByIdToCart',
    kind: 'names',
    ask: (a) => ({ params: { id: a.smartCartId } }),
    spends: true,
  },
];
