import type { SmartCart, SmartCartSummary } from '../../../shared/contracts/lists';
import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import { orderSummaries } from '../orders/order-read';
import type { ItemToPrice } from '../orders/pricing';
import { iso, type Shopper } from '../orders/shopper';
import { offeringViews } from '../shopping-lists/offering-view';

// Reading smart carts, scoped to the shopper: someone else's smart cart is not found.
type SmartCartRow = {
  id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
  item_count: number;
};

export async function smartCartSummaries(
  q: Queryable,
  shopper: Shopper,
): Promise<SmartCartSummary[]> {
  const { rows } = await q.query<SmartCartRow>(
    `select c.id, c.name, c.created_at, c.updated_at,
       (select count(*)::int from smart_cart_items i where i.smart_cart_id = c.id) as item_count
     from smart_carts c where c.account_id = $1 and c.tenant_id = $2
     order by c.updated_at desc, c.id`,
    [shopper.accountId, shopper.tenantId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    itemCount: r.item_count,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }));
}

/** The shopper's smart cart id, or 404. With `lock`, its row is locked for the transaction. */
export async function ownSmartCart(
  q: Queryable,
  shopper: Shopper,
  id: string,
  lock = false,
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `select id from smart_carts where id = $1 and account_id = $2 and tenant_id = $3${lock ? ' for update' : ''}`,
    [id, shopper.accountId, shopper.tenantId],
  );
  if (!rows[0]) throw notFound(`No smart cart ${id}`);
  return rows[0].id;
}

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
  const { rows } = await q.query<Omit<SmartCartRow, 'item_count'> & { currency: string }>(
    `select c.id, c.name, c.created_at, c.updated_at, t.currency
     from smart_carts c join tenants t on t.id = c.tenant_id
     where c.id = $1 and c.account_id = $2 and c.tenant_id = $3`,
    [id, shopper.accountId, shopper.tenantId],
  );
  const cart = rows[0];
  if (!cart) throw notFound(`No smart cart ${id}`);
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
