import { REMOVE_LINE } from './cart';
import { idParam, keepCartLine, kitName, madeAndDeleted, type Step } from './types';

// A shopping list and a smart cart of the test account's, each made, filled with the kit's
// offering, changed, put into the cart (the smart cart then takes the cart; that line taken out
// again) and deleted.
const list = idParam('listId', 'listId');
const smartCart = idParam('smartCartId', 'id');
const ITEM = (s: { offeringId?: string }) => ({ offeringId: s.offeringId, byCase: false });

export const LIST_STEPS: readonly Step[] = madeAndDeleted({
  list: 'shoppingListsGetLists',
  create: 'shoppingListsPostLists',
  remove: 'shoppingListsDeleteListsByListId',
  key: 'listId',
  param: 'listId',
  body: (s) => ({ name: kitName(s) }),
  during: [
    {
      op: 'shoppingListsPostListsByListIdItems',
      token: 'account',
      needs: ['listId', 'offeringId'],
      params: list,
      body: (s) => ({ ...ITEM(s), quantity: 1, note: '' }),
      keep: (s, b) => {
        const items = (b.items as { id?: string }[] | undefined) ?? [];
        s.listItemId = items[0]?.id;
      },
    },
    {
      op: 'shoppingListsPutListsByListIdItemsByItemId',
      token: 'account',
      needs: ['listId', 'listItemId'],
      params: (s) => ({ ...list(s), itemId: s.listItemId! }),
      body: () => ({ quantity: 2 }),
    },
    { op: 'shoppingListsGetListsByListId', token: 'account', needs: ['listId'], params: list },
    {
      op: 'shoppingListsPostListsByListIdToCart',
      token: 'account',
      needs: ['listId', 'listItemId'],
      params: list,
      body: () => ({}),
      keep: (s, b) => keepCartLine(s, b.booking),
    },
    REMOVE_LINE,
    {
      op: 'shoppingListsDeleteListsByListIdItemsByItemId',
      token: 'account',
      needs: ['listId', 'listItemId'],
      params: (s) => ({ ...list(s), itemId: s.listItemId! }),
    },
    {
      op: 'shoppingListsPutListsByListId',
      token: 'account',
      needs: ['listId'],
      params: list,
      body: (s) => ({ name: kitName(s, ' renamed') }),
    },
  ],
});

export const SMART_CART_STEPS: readonly Step[] = madeAndDeleted({
  list: 'smartCartsGetSmartCarts',
  create: 'smartCartsPostSmartCarts',
  remove: 'smartCartsDeleteSmartCartsById',
  key: 'smartCartId',
  param: 'id',
  body: (s) => ({ name: kitName(s), items: [] }),
  during: [
    {
      op: 'smartCartsGetSmartCartsById',
      token: 'account',
      needs: ['smartCartId'],
      params: smartCart,
    },
    {
      op: 'smartCartsPutSmartCartsById',
      token: 'account',
      needs: ['smartCartId', 'offeringId'],
      params: smartCart,
      body: (s) => ({ name: kitName(s, ' renamed'), items: [{ ...ITEM(s), quantity: 1 }] }),
    },
    {
      op: 'smartCartsPostSmartCartsByIdQuote',
      token: 'account',
      needs: ['smartCartId'],
      params: smartCart,
      body: () => ({}),
    },
    {
      op: 'smartCartsPostSmartCartsByIdToCart',
      token: 'account',
      needs: ['smartCartId'],
      params: smartCart,
      keep: (s, b) => keepCartLine(s, b.booking),
    },
    // The cart, that line in it, added to the smart cart (which is deleted after): not the cart.
    {
      op: 'smartCartsPostSmartCartsByIdAddCart',
      token: 'account',
      needs: ['smartCartId'],
      params: smartCart,
    },
    REMOVE_LINE,
  ],
});
