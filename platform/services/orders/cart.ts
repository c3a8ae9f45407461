import type { Queryable } from '../../db/db';
import { touchCart } from '../booking/cart-store';
import type { ItemToPrice } from './pricing';

// The caller's cart as booking-ms keeps it: carts.principal_id is the account id of a signed-in
// shopper, `guest:<uuid>` of a guest (guest checkout, issue #29).
export type CartContent = { cartUid: string | null; items: ItemToPrice[] };
export type CartOwner = { tenantId: string; principalId: string };

/** The cart owner of a signed-in shopper. */
export const accountCart = (shopper: { tenantId: string; accountId: string }): CartOwner => ({
  tenantId: shopper.tenantId,
  principalId: shopper.accountId,
});

/**
 * The cart's items, oldest first. With `lock`, the cart row is locked for the transaction, so two
 * checkouts of the same cart (a double click) cannot both order it: the second finds it empty.
 */
export async function readCart(q: Queryable, owner: CartOwner, lock = false): Promise<CartContent> {
  const cart = await q.query<{ uid: string }>(
    `select uid from carts where tenant_id = $1 and principal_id = $2${lock ? ' for update' : ''}`,
    [owner.tenantId, owner.principalId],
  );
  const cartUid = cart.rows[0]?.uid ?? null;
  if (!cartUid) return { cartUid: null, items: [] };
  const { rows } = await q.query<{ offering_id: string; quantity: number; by_case: boolean }>(
    'select offering_id, quantity, by_case from cart_items where cart_uid = $1 order by created_at, uid',
    [cartUid],
  );
  return {
    cartUid,
    items: rows.map((r) => ({
      offeringId: r.offering_id,
      quantity: r.quantity,
      byCase: r.by_case,
    })),
  };
}

/** Empties the cart after its order is placed; booking-ms's last-update time moves on. */
export async function emptyCart(tx: Queryable, cartUid: string): Promise<void> {
  await tx.query('delete from cart_items where cart_uid = $1', [cartUid]);
  await touchCart(tx, cartUid);
}
