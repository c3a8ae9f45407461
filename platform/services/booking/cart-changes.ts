import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';

// Changes to a cart's items and notes, inside the request's transaction (see cart-access.ts).

/** Removes one item; 404 when the cart has no such item. */
export async function removeItem(tx: Queryable, cartUid: string, uid: string): Promise<void> {
  const { rows } = await tx.query(
    'delete from cart_items where cart_uid = $1 and uid = $2 returning uid',
    [cartUid, uid],
  );
  if (!rows[0]) throw notFound(`No item ${uid} in the cart`);
}

/** Removes the items with these uids; uids not in the cart are ignored. */
export async function removeItems(tx: Queryable, cartUid: string, uids: string[]): Promise<void> {
  await tx.query('delete from cart_items where cart_uid = $1 and uid = any($2::text[])', [
    cartUid,
    uids,
  ]);
}

export async function replaceNotes(tx: Queryable, cartUid: string, notes: string[]): Promise<void> {
  await tx.query('update carts set notes = $2::jsonb where uid = $1', [
    cartUid,
    JSON.stringify(notes),
  ]);
}
