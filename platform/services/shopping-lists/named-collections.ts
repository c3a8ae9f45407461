import type { ShoppingListSummary } from '../../../shared/contracts/lists';
import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import { iso, type Shopper } from '../orders/shopper';

// Shopping lists and smart carts are both named collections of items a shopper owns: listed and
// found the same way, each in its own tables. Someone else's collection is not found.
const COLLECTIONS = {
  shopping_lists: { items: 'shopping_list_items', key: 'list_id', noun: 'shopping list' },
  smart_carts: { items: 'smart_cart_items', key: 'smart_cart_id', noun: 'smart cart' },
} as const;
export type Collection = keyof typeof COLLECTIONS;

/** The columns both collection tables have. */
export type CollectionRow = { id: string; name: string; created_at: Date; updated_at: Date };
type SummaryRow = CollectionRow & { item_count: number };

/** The shopper's collections, last changed first, with how many items each holds. */
export async function collectionSummaries(
  q: Queryable,
  shopper: Shopper,
  table: Collection,
): Promise<ShoppingListSummary[]> {
  const { items, key } = COLLECTIONS[table];
  const { rows } = await q.query<SummaryRow>(
    `select c.id, c.name, c.created_at, c.updated_at,
       (select count(*)::int from ${items} i where i.${key} = c.id) as item_count
     from ${table} c where c.account_id = $1 and c.tenant_id = $2
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

/** The shopper's collection id, or 404. With `lock`, its row is locked for the transaction. */
export async function ownCollection(
  q: Queryable,
  shopper: Shopper,
  table: Collection,
  id: string,
  lock = false,
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `select id from ${table} where id = $1 and account_id = $2 and tenant_id = $3${lock ? ' for update' : ''}`,
    [id, shopper.accountId, shopper.tenantId],
  );
  if (!rows[0]) throw notFound(`No ${COLLECTIONS[table].noun} ${id}`);
  return rows[0].id;
}

/** The shopper's collection row with the shop's currency, or 404. */
export async function collectionHead(
  q: Queryable,
  shopper: Shopper,
  table: Collection,
  id: string,
): Promise<CollectionRow & { currency: string }> {
  const { rows } = await q.query<CollectionRow & { currency: string }>(
    `select c.id, c.name, c.created_at, c.updated_at, t.currency
     from ${table} c join tenants t on t.id = c.tenant_id
     where c.id = $1 and c.account_id = $2 and c.tenant_id = $3`,
    [id, shopper.accountId, shopper.tenantId],
  );
  if (!rows[0]) throw notFound(`No ${COLLECTIONS[table].noun} ${id}`);
  return rows[0];
}
