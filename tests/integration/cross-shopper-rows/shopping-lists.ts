import { addItem, type Row } from './row';

// The rows of the cross-shopper table (../cross-shopper-table.ts) for shopping lists: A's lists
// and their items, alone and under the caller's own list.
export const SHOPPING_LIST_ROWS: readonly Row[] = [
  { op: 'shoppingListsGetLists', kind: 'own', ask: () => ({}) },
  { op: 'shoppingListsPostLists', kind: 'own', ask: () => ({ body: { name: 'Another list' } }) },
  {
    op: 'shoppingListsGetListsByListId',
    kind: 'names',
    ask: (a) => ({ params: { listId: a.listId } }),
  },
  {
    op: 'shoppingListsPutListsByListId',
    kind: 'names',
    ask: (a) => ({ params: { listId: a.listId }, body: { name: 'Renamed' } }),
    spends: true,
  },
  {
    op: 'shoppingListsDeleteListsByListId',
    kind: 'names',
    ask: (a) => ({ params: { listId: a.listId } }),
    spends: true,
  },
  {
    op: 'shoppingListsPostListsByListIdItems',
    kind: 'names',
    ask: (a) => ({ params: { listId: a.listId }, body: addItem(a) }),
    spends: true,
  },
  {
    op: 'shoppingListsPutListsByListIdItemsByItemId',
    kind: 'names',
    ask: (a) => ({ params: { listId: a.listId, itemId: a.itemId }, body: { quantity: 7 } }),
    spends: true,
  },
  {
    op: 'shoppingListsPutListsByListIdItemsByItemId',
    kind: 'names',
    note: 'A’s item under the caller’s own list',
    ask: (a, me) => ({ params: { listId: me.listId, itemId: a.itemId }, body: { quantity: 7 } }),
  },
  {
    op: 'shoppingListsDeleteListsByListIdItemsByItemId',
    kind: 'names',
    ask: (a) => ({ params: { listId: a.listId, itemId: a.itemId } }),
    spends: true,
  },
  {
    op: 'shoppingListsDeleteListsByListIdItemsByItemId',
    kind: 'names',
    note: 'A’s item under the caller’s own list',
    ask: (a, me) => ({ params: { listId: me.listId, itemId: a.itemId } }),
    spends: true,
  },
  {
    op: 'shoppingListsPostListsByListIdToCart',
    kind: 'names',
    ask: (a) => ({ params: { listId: a.listId }, body: {} }),
    spends: true,
  },
];
