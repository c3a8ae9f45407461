import type { ShoppingList, ShoppingListSummary } from '../../../shared/contracts/lists';
import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import { iso, type Shopper } from '../orders/shopper';
import { offeringViews } from './offering-view';

// Reading shopping lists, scoped to the shopper: someone else's list is not found.
type ListRow = { id: string; name: string; created_at: Date; updated_at: Date; item_count: number };

export async function listSummaries(
  q: Queryable,
  shopper: Shopper,
): Promise<ShoppingListSummary[]> {
  const { rows } = await q.query<ListRow>(
    `select l.id, l.name, l.created_at, l.updated_at,
       (select count(*)::int from shopping_list_items i where i.list_id = l.id) as item_count
     from shopping_lists l where l.account_id = $1 and l.tenant_id = $2
     order by l.updated_at desc, l.id`,
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

/** The shopper's list id, or 404. With `lock`, the list row is locked for the transaction. */
export async function ownList(
  q: Queryable,
  shopper: Shopper,
  listId: string,
  lock = false,
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `select id from shopping_lists where id = $1 and account_id = $2 and tenant_id = $3${lock ? ' for update' : ''}`,
    [listId, shopper.accountId, shopper.tenantId],
  );
  if (!rows[0]) throw notFound(`No shopping list ${listId}`);
  return rows[0].id;
}

/** The list with its items and their catalogue data, oldest item first. */
export async function readList(
  q: Queryable,
  shopper: Shopper,
  listId: string,
): Promise<ShoppingList> {
  const { rows } = await q.query<{
    id: string;
    name: string;
    created_at: Date;
    updated_at: Date;
    currency: string;
  }>(
    `select l.id, l.name, l.created_at, l.updated_at, t.currency
     from shopping_lists l join tenants t on t.id = l.tenant_id
     where l.id = $1 and l.account_id = $2 and l.tenant_id = $3`,
    [listId, shopper.accountId, shopper.tenantId],
  );
  const list = rows[0];
  if (!list) throw notFound(`No shopping list ${listId}`);
  const items = await q.query<{ id: string; offering_id: string; quantity: number; note: string }>(
    'select id, offering_id, quantity, note from shopping_list_items where list_id = $1 order by created_at, id',
    [listId],
  );
  const views = await offeringViews(
    q,
    shopper.tenantId,
    items.rows.map((i) => i.offering_id),
  );
  return {
    id: list.id,
    name: list.name,
    currency: list.currency,
    createdAt: iso(list.created_at),
    updatedAt: iso(list.updated_at),
    items: items.rows.map((i) => ({
      id: i.id,
      offeringId: i.offering_id,
      quantity: i.quantity,
      note: i.note,
      product: views.get(i.offering_id) ?? null,
    })),
  };
}
