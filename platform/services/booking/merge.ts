import type { Queryable } from '../../db/db';
import { HttpError } from '../../http/errors';
import { ensureCart, touchCart } from './cart-store';
import { MAX_LINE_QUANTITY, MAX_MERGED_CART_LINES } from '../../../shared/line-limits';

/**
 * A guest signs in: their cart's items join the account's cart, quantities summed per
 * (offering, byCase), notes appended when not already there; then the guest cart is emptied and
 * kept, marked merged (docs/decisions/0323).
 * Every line of both carts is kept, even beyond the cart's 300 lines (docs/decisions/0314): the
 * shopper then removes what they do not want before ordering. Only a merge that would leave more
 * than two full carts' lines is refused, and the sign-in with it, so the guest loses nothing.
 * Runs inside the caller's (sign-in) transaction. Cart rows are locked before their items, as
 * every cart change does (docs/decisions/0051, 0306): the guest's cart (a change of it in flight
 * is merged, not lost), then the account's, which another tab may be changing meanwhile. The guest
 * cart is made if the guest had none, and kept: a change another tab of the guest sent before the
 * sign-in, and that reaches the cart after it, finds it merged and is refused (409), where it used
 * to fail on the deleted cart (500) or start a new guest cart no one reads again. The sweep deletes
 * it once no guest token can reach it (./cart-purge.ts, docs/decisions/0369).
 */
export async function mergeGuestCart(
  tx: Queryable,
  tenantId: string,
  fromPrincipalId: string,
  toPrincipalId: string,
): Promise<void> {
  if (fromPrincipalId === toPrincipalId) return;
  const guestCart = await ensureCart(tx, { tenantId, principalId: fromPrincipalId });
  await tx.query('select 1 from carts where uid = $1 for update', [guestCart]);
  // A statement of its own after the lock: under READ COMMITTED it sees the items of a change
  // the lock waited for (read in the locking statement, they could be missed, then deleted).
  const { rows } = await tx.query<{ empty: boolean }>(
    `select c.notes = '[]'::jsonb and not exists (select 1 from cart_items i where i.cart_uid = c.uid) as empty
       from carts c where c.uid = $1`,
    [guestCart],
  );
  if (!rows[0]!.empty) await moveItemsAndNotes(tx, tenantId, guestCart, toPrincipalId);
  await tx.query('delete from cart_items where cart_uid = $1', [guestCart]);
  await tx.query(`update carts set notes = '[]'::jsonb, merged_at = now() where uid = $1`, [
    guestCart,
  ]);
}

/** The guest cart's items and notes into the account's cart (created if need be), locked first. */
async function moveItemsAndNotes(
  tx: Queryable,
  tenantId: string,
  guestCart: string,
  toPrincipalId: string,
): Promise<void> {
  const accountCart = await ensureCart(tx, { tenantId, principalId: toPrincipalId });
  await touchCart(tx, accountCart);
  await refuseBeyondMergedLimit(tx, guestCart, accountCart);
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
}

/**
 * Two full carts make at most MAX_MERGED_CART_LINES; more is only reached by merging into an
 * account's cart still beyond 300 lines from an earlier merge. Refused (409, the sign-in with it)
 * rather than dropping lines: the guest keeps the cart and is told how many lines to remove.
 */
async function refuseBeyondMergedLimit(
  tx: Queryable,
  guestCart: string,
  accountCart: string,
): Promise<void> {
  const { rows } = await tx.query<{ lines: number }>(
    `select count(*)::int as lines from (
       select distinct offering_id, by_case from cart_items where cart_uid = any($1::text[])) l`,
    [[guestCart, accountCart]],
  );
  const lines = rows[0]!.lines;
  if (lines <= MAX_MERGED_CART_LINES) return;
  const over = lines - MAX_MERGED_CART_LINES;
  throw new HttpError(
    409,
    'cart_too_large',
    `Signing in would put ${lines} lines in your account's cart, more than the ${MAX_MERGED_CART_LINES} ` +
      `it can hold: remove at least ${over} ${over === 1 ? 'line' : 'lines'} from this cart, then sign in`,
  );
}
