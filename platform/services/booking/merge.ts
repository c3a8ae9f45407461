import type { Queryable } from '../../db/db';
import { ensureCart, findCart, touchCart } from './cart-store';
import { MAX_LINE_QUANTITY } from '../../../shared/line-limits';

// Highest quantity a cart line may hold (the same bound as BookingItemInput).

/**
 * A guest signs in: their cart's items join the account's cart, quantities summed per
 * (offering, byCase), notes appended when not already there; then the guest cart is deleted.
 * Runs inside the caller's (sign-in) transaction. Cart rows are locked before their items, as
 * every cart change does (docs/decisions/0051, 0306): the guest's cart (a change of it in flight
 * is merged, not lost), then the account's, which another tab may be changing meanwhile.
 */
export async function mergeGuestCart(
  tx: Queryable,
  tenantId: string,
  fromPrincipalId: string,
  toPrincipalId: string,
): Promise<void> {
  if (fromPrincipalId === toPrincipalId) return;
  const guestCart = await findCart(tx, { tenantId, principalId: fromPrincipalId });
  if (!guestCart) return;
  await tx.query('select 1 from carts where uid = $1 for update', [guestCart]);
  const accountCart = await ensureCart(tx, { tenantId, principalId: toPrincipalId });
  await touchCart(tx, accountCart);
  await tx.query(
    `insert into cart_items (uid, cart_uid, offering_id, quantity, by_case, created_at)
     select gen_random_uuid()::text, $2, offering_id, quantity, by_case, created_at
       from cart_items where cart_uid = $1
     on conflict (cart_uid, offering_id, by_case)
       do update set quantity = least(cart_items.quantity + excluded.quantity, ${MAX_LINE_QUANTITY})`,
    [guestCart, accountCart],
  );
  await tx.query(
    `update carts set notes = carts.notes || coalesce((
       select jsonb_agg(n order by ord) from carts g, jsonb_array_elements(g.notes) with ordinality as e(n, ord)
        where g.uid = $1 and not carts.notes @> jsonb_build_array(n)), '[]'::jsonb)
     where uid = $2`,
    [guestCart, accountCart],
  );
  await tx.query('delete from carts where uid = $1', [guestCart]);
}
