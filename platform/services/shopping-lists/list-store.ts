import type { ShoppingListInput } from '../../../shared/contracts/lists';
import type { Db } from '../../db/db';
import { newId, refuseBeyond } from '../orders/shopper';
import type { ShopperCollection } from '../shopper-collection';
import { listSummaries, ownList, readList } from './list-read';

const MAX_LISTS = 100;

/** Shopping lists themselves: list, create, read (with items and catalogue data), rename, delete. */
export const listStore = (db: Db): ShopperCollection<typeof ShoppingListInput> => ({
  summaries: {
    list: "The shopper's shopping lists, last changed first",
    add: 'Create a shopping list',
    read: 'A shopping list with its items, product names, brands and prices',
    replace: 'Rename a shopping list',
    remove: 'Delete a shopping list and its items',
  },

  list: (shopper) => listSummaries(db, shopper),

  add: (shopper, { name }) =>
    db.transaction(async (tx) => {
      await refuseBeyond(tx, shopper, 'shopping_lists', MAX_LISTS, 'shopping lists');
      const id = newId('list');
      await tx.query(
        'insert into shopping_lists (id, tenant_id, account_id, name) values ($1, $2, $3, $4)',
        [id, shopper.tenantId, shopper.accountId, name],
      );
      return readList(tx, shopper, id);
    }),

  read: (shopper, listId) => readList(db, shopper, listId),

  replace: (shopper, listId, { name }) =>
    db.transaction(async (tx) => {
      await ownList(tx, shopper, listId, true);
      await tx.query('update shopping_lists set name = $2, updated_at = now() where id = $1', [
        listId,
        name,
      ]);
      return readList(tx, shopper, listId);
    }),

  remove: (shopper, listId) =>
    db.transaction(async (tx) => {
      await ownList(tx, shopper, listId, true);
      await tx.query('delete from shopping_lists where id = $1', [listId]);
    }),
});
