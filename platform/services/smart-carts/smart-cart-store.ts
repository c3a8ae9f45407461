import type {
  SmartCartInput,
  SmartCartItemInput,
  SmartCartUpdate,
} from '../../../shared/contracts/lists';
import type { Db, Queryable } from '../../db/db';
import { badRequest } from '../../http/errors';
import { mergeItems } from '../orders/pricing';
import { newId, refuseBeyond, type Shopper } from '../orders/shopper';
import { requireOfferings } from '../shopping-lists/offering-view';
import type { ShopperCollection } from '../shopper-collection';
import { ownSmartCart, readSmartCart, smartCartItems, smartCartSummaries } from './smart-cart-read';
import { MAX_LINE_QUANTITY } from '../../../shared/line-limits';

const MAX_SMART_CARTS = 50;
/** As `SmartCartInput` allows; a cart saved as a smart cart may hold more lines (ADR 0064). */
const MAX_SMART_CART_ITEMS = 200;

/** Replaces the items (same offering and unit added up); unknown offerings are a 400. */
async function replaceItems(
  tx: Queryable,
  tenantId: string,
  id: string,
  input: Required<SmartCartItemInput>[],
): Promise<void> {
  const items = mergeItems(input);
  await requireOfferings(
    tx,
    tenantId,
    items.map((i) => i.offeringId),
  );
  await tx.query('delete from smart_cart_items where smart_cart_id = $1', [id]);
  for (const [position, item] of items.entries()) {
    await tx.query(
      'insert into smart_cart_items (smart_cart_id, position, offering_id, quantity, by_case) values ($1, $2, $3, $4, $5)',
      [id, position, item.offeringId, Math.min(MAX_LINE_QUANTITY, item.quantity), item.byCase],
    );
  }
}

/** A smart cart made or grown past its lines is a 400 naming both (the cart may hold 300). */
function refuseBeyondItems(items: readonly Required<SmartCartItemInput>[]): void {
  const lines = mergeItems(items).length;
  if (lines > MAX_SMART_CART_ITEMS) {
    throw badRequest(
      `A smart cart holds at most ${MAX_SMART_CART_ITEMS} items, and this one would have ${lines}`,
    );
  }
}

/** A new smart cart with these items, inside the caller's transaction (also from the cart). */
export async function createSmartCart(
  tx: Queryable,
  shopper: Shopper,
  input: { name: string; items: Required<SmartCartItemInput>[] },
) {
  refuseBeyondItems(input.items);
  await refuseBeyond(tx, shopper, 'smart_carts', MAX_SMART_CARTS, 'smart carts');
  const id = newId('sc');
  await tx.query(
    'insert into smart_carts (id, tenant_id, account_id, name) values ($1, $2, $3, $4)',
    [id, shopper.tenantId, shopper.accountId, input.name],
  );
  await replaceItems(tx, shopper.tenantId, id, input.items);
  return readSmartCart(tx, shopper, id);
}

/**
 * Adds items to a smart cart the caller has checked is the shopper's and locked (the cart added
 * to it): an offering it holds in that unit adds up, to what a line holds; a new one goes last.
 */
export async function addSmartCartItems(
  tx: Queryable,
  tenantId: string,
  id: string,
  added: readonly Required<SmartCartItemInput>[],
): Promise<void> {
  const items = [...(await smartCartItems(tx, id)), ...added];
  refuseBeyondItems(items);
  await replaceItems(tx, tenantId, id, items);
  await tx.query('update smart_carts set updated_at = now() where id = $1', [id]);
}

/** Smart carts: saved carts with a name, ordered again in one step (see smart-cart-order-routes). */
export const smartCartStore = (
  db: Db,
): ShopperCollection<typeof SmartCartInput, typeof SmartCartUpdate> => ({
  summaries: {
    list: "The shopper's smart carts, last changed first",
    add: 'Save a smart cart',
    read: "A smart cart with its items at today's prices and its orders",
    replace: 'Rename a smart cart or replace its items',
    remove: 'Delete a smart cart (its orders stay, unlinked)',
  },

  list: (shopper) => smartCartSummaries(db, shopper),

  add: (shopper, input) => db.transaction((tx) => createSmartCart(tx, shopper, input)),

  read: (shopper, id) => readSmartCart(db, shopper, id),

  replace: (shopper, id, update) =>
    db.transaction(async (tx) => {
      await ownSmartCart(tx, shopper, id, true);
      if (update.items) await replaceItems(tx, shopper.tenantId, id, update.items);
      await tx.query(
        'update smart_carts set name = coalesce($2, name), updated_at = now() where id = $1',
        [id, update.name ?? null],
      );
      return readSmartCart(tx, shopper, id);
    }),

  remove: (shopper, id) =>
    db.transaction(async (tx) => {
      await ownSmartCart(tx, shopper, id, true);
      await tx.query('delete from smart_carts where id = $1', [id]);
    }),
});
