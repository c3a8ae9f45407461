import type { ShoppingList } from '../../../shared/contracts/lists';
import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import { iso, type Shopper } from '../orders/shopper';
import { collectionSummaries, ownCollection } from './named-collections';
import { offeringView, type ViewRow } from './offering-view';

// Reading shopping lists, scoped to the shopper: someone else's list is not found.
export const listSummaries = (q: Queryable, shopper: Shopper) =>
  collectionSummaries(q, shopper, 'shopping_lists');

/** The shopper's list id, or 404. With `lock`, the list row is locked for the transaction. */
export const ownList = (q: Queryable, shopper: Shopper, listId: string, lock = false) =>
  ownCollection(q, shopper, 'shopping_lists', listId, lock);

// The list, each of its items and the item's catalogue data, one row an item (one row of nulls
// but the list's when it is empty): one statement, where the shopping lists page's call had made
// three one after another (issue #30). An offering the shop no longer has leaves its item's
// catalogue columns null.
type ListHead = {
  list_id: string;
  list_name: string;
  created_at: Date;
  updated_at: Date;
  currency: string;
};
type ItemColumns = {
  item_id: string;
  offering_id: string;
  quantity: number;
  by_case: boolean;
  note: string;
};
type ListItemRow = ListHead &
  ((ItemColumns & (Omit<ViewRow, 'id'> | { product_id: null })) | { item_id: null });

/** The list with its items and their catalogue data, oldest item first. */
export async function readList(
  q: Queryable,
  shopper: Shopper,
  listId: string,
): Promise<ShoppingList> {
  const { rows } = await q.query<ListItemRow>(
    `select c.id as list_id, c.name as list_name, c.created_at, c.updated_at, t.currency,
       i.id as item_id, i.offering_id, i.quantity, i.by_case, i.note,
       p.id as product_id, p.slug, p.name, b.name as brand, p.size_label,
       o.price_single_cents, o.price_case_cents, o.case_size, o.available
     from shopping_lists c join tenants t on t.id = c.tenant_id
     left join shopping_list_items i on i.list_id = c.id
     left join (offerings o join products p on p.id = o.product_id join brands b on b.id = p.brand_id)
       on o.id = i.offering_id and o.tenant_id = c.tenant_id
     where c.id = $1 and c.account_id = $2 and c.tenant_id = $3
     order by i.created_at, i.id`,
    [listId, shopper.accountId, shopper.tenantId],
  );
  const list = rows[0];
  if (!list) throw notFound(`No shopping list ${listId}`);
  return {
    id: list.list_id,
    name: list.list_name,
    currency: list.currency,
    createdAt: iso(list.created_at),
    updatedAt: iso(list.updated_at),
    items: rows.flatMap((i) =>
      i.item_id === null
        ? []
        : [
            {
              id: i.item_id,
              offeringId: i.offering_id,
              quantity: i.quantity,
              byCase: i.by_case,
              note: i.note,
              product: i.product_id === null ? null : offeringView(i),
            },
          ],
    ),
  };
}
