import type { CappedItem, NotAddedItem } from '../../../shared/contracts/lists';
import type { Queryable } from '../../db/db';
import { ensureCart, hasRoomFor, readBooking, touchCart, type CartKey } from './cart-store';
import { MAX_LINE_QUANTITY } from '../../../shared/line-limits';
import type { CartChange } from './cart-replay';

// Filling the cart from a shopping list or a smart cart (issue #29): each item's quantity is added
// to what the cart holds of that offering in that unit; what cannot be bought today (withdrawn,
// gone from the catalogue, or no room left in the cart) is left out and named, never a 400 for
// the whole list. A line holds MAX_LINE_QUANTITY at most: an item whose quantity would pass it is
// added up to it and named as `capped` (the shopper asked for more than went in). `added` counts
// the items that went in, `units` their quantities (what the cart's count grows by). One
// transaction, the cart row locked first (as every cart change).
export type FillItem = { offeringId: string; quantity: number; byCase: boolean };

type OfferingRow = { id: string; available: boolean; name: string };

export type FillResult = Awaited<ReturnType<typeof fillCart>>;

export async function fillCart(tx: Queryable, key: CartKey, items: readonly FillItem[]) {
  const cartUid = await ensureCart(tx, key);
  await touchCart(tx, cartUid);
  const ids = [...new Set(items.map((item) => item.offeringId))];
  const { rows } = await tx.query<OfferingRow>(
    `select o.id, o.available, p.name from offerings o join products p on p.id = o.product_id
      where o.tenant_id = $1 and o.id = any($2::text[])`,
    [key.tenantId, ids],
  );
  const known = new Map(rows.map((row) => [row.id, row]));
  const notAdded: NotAddedItem[] = [];
  const capped: CappedItem[] = [];
  let added = 0;
  let units = 0;
  for (const item of items) {
    const offering = known.get(item.offeringId);
    const refuse = (reason: NotAddedItem['reason']) =>
      notAdded.push({ offeringId: item.offeringId, name: offering?.name ?? null, reason });
    if (!offering) refuse('unknown');
    else if (!offering.available) refuse('unavailable');
    else if (!(await hasRoomFor(tx, cartUid, item.offeringId, item.byCase))) refuse('cart_full');
    else {
      const put = await addToLine(tx, cartUid, item);
      if (put > 0) added += 1;
      units += put;
      if (put < item.quantity) capped.push({ offeringId: item.offeringId, name: offering.name });
    }
  }
  return { booking: await readBooking(tx, cartUid), added, units, notAdded, capped };
}

/**
 * A fill's part in changeCartOnce (./cart-replay.ts): a replay says what the first fill said
 * (added, units, what was left out or capped) with the cart as it is now.
 */
export function fillReplay(key: CartKey): Omit<CartChange<FillResult>, 'run'> {
  return {
    kept: ({ booking: _cart, ...said }) => said,
    replay: async (tx, kept) => ({
      ...(kept as Omit<FillResult, 'booking'>),
      booking: await readBooking(tx, await ensureCart(tx, key)),
    }),
  };
}

/** Adds the item's quantity to its cart line, up to what a line holds; how many went in. */
async function addToLine(tx: Queryable, cartUid: string, item: FillItem): Promise<number> {
  // The CTE reads the line as it was before the insert (one snapshot for the whole statement).
  const { rows } = await tx.query<{ quantity: number; before: number | null }>(
    `with before as (
       select quantity from cart_items where cart_uid = $1 and offering_id = $2 and by_case = $4
     )
     insert into cart_items (uid, cart_uid, offering_id, quantity, by_case, created_at)
     values (gen_random_uuid()::text, $1, $2, $3, $4, clock_timestamp())
     on conflict (cart_uid, offering_id, by_case)
       do update set quantity = least(cart_items.quantity + excluded.quantity, ${MAX_LINE_QUANTITY})
     returning quantity, (select quantity from before) as before`,
    [cartUid, item.offeringId, Math.min(item.quantity, MAX_LINE_QUANTITY), item.byCase],
  );
  const row = rows[0]!;
  return row.quantity - (row.before ?? 0);
}
