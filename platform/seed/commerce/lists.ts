import type { Queryable } from '../../db/db';

// The demo shopper's shopping list (5 items) and smart cart (4 items), fixed ids, created once.
export async function seedLists(
  tx: Queryable,
  tenantId: string,
  accountId: string,
  offeringIds: readonly string[],
): Promise<void> {
  if (offeringIds.length < 9) return;
  const listId = `list-${tenantId}-demo-weekly`;
  const list = await tx.query(
    `insert into shopping_lists (id, tenant_id, account_id, name, created_at, updated_at)
     values ($1, $2, $3, 'Weekly shop', '2026-01-06T09:00:00Z', '2026-01-06T09:00:00Z')
     on conflict do nothing returning id`,
    [listId, tenantId, accountId],
  );
  if (list.rows[0]) {
    const notes = ['', 'the ripe ones', '', 'if on offer', ''];
    for (const [index, note] of notes.entries()) {
      await tx.query(
        `insert into shopping_list_items (id, list_id, offering_id, quantity, note, created_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          `item-${tenantId}-demo-${index + 1}`,
          listId,
          offeringIds[index + 2],
          (index % 3) + 1,
          note,
          `2026-01-06T09:00:0${index}Z`,
        ],
      );
    }
  }

  const smartCartId = `sc-${tenantId}-demo-breakfast`;
  const smartCart = await tx.query(
    `insert into smart_carts (id, tenant_id, account_id, name, created_at, updated_at)
     values ($1, $2, $3, 'Breakfast basics', '2026-01-07T09:00:00Z', '2026-01-07T09:00:00Z')
     on conflict do nothing returning id`,
    [smartCartId, tenantId, accountId],
  );
  if (smartCart.rows[0]) {
    for (const [position, offeringId] of offeringIds.slice(5, 9).entries()) {
      await tx.query(
        'insert into smart_cart_items (smart_cart_id, position, offering_id, quantity, by_case) values ($1, $2, $3, $4, $5)',
        [smartCartId, position, offeringId, position === 3 ? 1 : 2, position === 3],
      );
    }
  }
}
