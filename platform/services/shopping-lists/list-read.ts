import type { ShoppingList } from '../../../shared/contracts/lists';
import type { Queryable } from '../../db/db';
import { iso, type Shopper } from '../orders/shopper';
import { collectionHead, collectionSummaries, ownCollection } from './named-collections';
import { offeringViews } from './offering-view';

// Reading shopping lists, scoped to the shopper: someone else's list is not found.
export const listSummaries = (q: Queryable, shopper: Shopper) =>
  collectionSummaries(q, shopper, 'shopping_lists');

/** The shopper's list id, or 404. With `lock`, the list row is locked for the transaction. */
export const ownList = (q: Queryable, shopper: Shopper, listId: string, lock = false) =>
  ownCollection(q, shopper, 'shopping_lists', listId, lock);

/** The list with its items and their catalogue data, oldest item first. */
export async function readList(
  q: Queryable,
  shopper: Shopper,
  listId: string,
): Promise<ShoppingList> {
  const list = await collectionHead(q, shopper, 'shopping_lists', listId);
  const items = await q.query<{
    id: string;
    offering_id: string;
    quantity: number;
    by_case: boolean;
    note: string;
  }>(
    'select id, offering_id, quantity, by_case, note from shopping_list_items where list_id = $1 order by created_at, id',
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
      byCase: i.by_case,
      note: i.note,
      product: views.get(i.offering_id) ?? null,
    })),
  };
}
