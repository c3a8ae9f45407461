import type { SmartCart } from '../../../shared/contracts/lists';
import type { Queryable } from '../../db/db';
import { orderSummaries } from '../orders/order-read';
import type { ItemToPrice } from '../orders/pricing';
import { iso, type Shopper } from '../orders/shopper';
import {
  collectionHead,
  collectionSummaries,
  ownCollection,
} from '../shopping-lists/named-collections';
import { offeringViews } from '../shopping-lists/offering-view';

// Reading smart carts, scoped to the shopper: someone else's smart cart is not found.
export const smartCartSummaries = (q: Queryable, shopper: Shopper) =>
  collectionSummaries(q, shopper, 'smart_carts');

/** The shopper's smart cart id, or 404. With `lock`, its row is locked for the transaction. */
export const ownSmartCart = (q: Queryable, shopper: Shopper, id: string, lock = false) =>
  ownCollection(q, shopper, 'smart_carts', id, lock);

export async function smartCartItems(q: Queryable, id: string): Promise<ItemToPrice[]> {
  const { rows } = await q.query<{ offering_id: string; quantity: number; by_case: boolean }>(
    'select offering_id, quantity, by_case from smart_cart_items where smart_cart_id = $1 order by position',
    [id],
  );
  return rows.map((r) => ({ offeringId: r.offering_id, quantity: r.quantity, byCase: r.by_case }));
}

/** The smart cart with its items at today's prices and the orders placed from it. */
export async function readSmartCart(
  q: Queryable,
  shopper: Shopper,
  id: string,
): Promise<SmartCart> {
  const cart = await collectionHead(q, shopper, 'smart_carts', id);
  const items = await smartCartItems(q, id);
  const views = await offeringViews(
    q,
    shopper.tenantId,
    items.map((i) => i.offeringId),
  );
  const priced = items.map((item) => {
    const product = views.get(item.offeringId) ?? null;
    const unitPrice = product ? (item.byCase ? product.priceCase : product.priceSingle) : null;
    return {
      ...item,
      product,
      unitPrice,
      lineTotal: unitPrice === null ? null : unitPrice * item.quantity,
    };
  });
  const { items: orders } = await orderSummaries(q, shopper, {
    smartCartId: id,
    limit: 20,
    offset: 0,
  });
  return {
    id: cart.id,
    name: cart.name,
    currency: cart.currency,
    createdAt: iso(cart.created_at),
    updatedAt: iso(cart.updated_at),
    items: priced,
    subtotal: priced.reduce(
      (sum, item) => sum + (item.product?.available ? (item.lineTotal ?? 0) : 0),
      0,
    ),
    orders,
  };
}
