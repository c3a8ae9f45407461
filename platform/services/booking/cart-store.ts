import { randomUUID } from 'node:crypto';
import type { Booking } from '../../../shared/contracts/booking';
import type { Queryable } from '../../db/db';
import { MAX_CART_LINES } from '../../../shared/line-limits';

// The cart's storage: every function takes the request's transaction, so one request is one
// transaction (PGlite has a single connection; never reach for the pool inside).
export type CartKey = { tenantId: string; principalId: string };

/** The cart's uid, creating an empty cart on first use. Safe when two requests race to create it. */
export async function ensureCart(tx: Queryable, key: CartKey): Promise<string> {
  await tx.query(
    `insert into carts (uid, tenant_id, principal_id) values ($1, $2, $3)
     on conflict (tenant_id, principal_id) do nothing`,
    [randomUUID(), key.tenantId, key.principalId],
  );
  const { rows } = await tx.query<{ uid: string }>(
    'select uid from carts where tenant_id = $1 and principal_id = $2',
    [key.tenantId, key.principalId],
  );
  return rows[0]!.uid;
}

/** The cart of a key if it exists (reading must not create carts for every guest that looks). */
export async function findCart(tx: Queryable, key: CartKey): Promise<string | null> {
  const { rows } = await tx.query<{ uid: string }>(
    'select uid from carts where tenant_id = $1 and principal_id = $2',
    [key.tenantId, key.principalId],
  );
  return rows[0]?.uid ?? null;
}

/**
 * Marks a change. lastUpdate strictly increases (at least 1 ms per change) so a client comparing
 * timestamps never sees two different carts with the same time; milliseconds, as JSON dates carry.
 * Answers whether the cart still takes changes: not a guest's cart merged into an account at
 * sign-in (docs/decisions/0323), which a change that waited for the merge's lock finds here.
 */
export async function touchCart(tx: Queryable, cartUid: string): Promise<boolean> {
  const { rows } = await tx.query<{ merged: boolean }>(
    `update carts set updated_at = date_trunc('milliseconds',
       greatest(clock_timestamp(), coalesce(updated_at, '-infinity'::timestamptz) + interval '1 millisecond'))
     where uid = $1 returning merged_at is not null as merged`,
    [cartUid],
  );
  return rows[0]?.merged === false;
}

/**
 * Sets the quantity of (offering, byCase) to an absolute value, adding the row when missing (at
 * `position` when given: a substitute takes the place of the item it replaces).
 * Parallel calls for the same offering end with one row (the unique key decides).
 */
export async function setItemQuantity(
  tx: Queryable,
  cartUid: string,
  offeringId: string,
  byCase: boolean,
  quantity: number,
  position?: string,
): Promise<void> {
  if (quantity <= 0) {
    await tx.query(
      'delete from cart_items where cart_uid = $1 and offering_id = $2 and by_case = $3',
      [cartUid, offeringId, byCase],
    );
    return;
  }
  await tx.query(
    `insert into cart_items (uid, cart_uid, offering_id, quantity, by_case, created_at)
     values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, clock_timestamp()))
     on conflict (cart_uid, offering_id, by_case) do update set quantity = excluded.quantity`,
    [randomUUID(), cartUid, offeringId, quantity, byCase, position ?? null],
  );
}

/** How many distinct lines one cart may hold: far above any real basket, it bounds abuse. */
export { MAX_CART_LINES };

/**
 * Whether (offering, byCase) fits: it is already a line, whatever the cart holds (a sign-in merge
 * may have taken it beyond the maximum, and its lines must still change: docs/decisions/0314), or
 * the cart has fewer lines than the maximum.
 */
export async function hasRoomFor(
  tx: Queryable,
  cartUid: string,
  offeringId: string,
  byCase: boolean,
): Promise<boolean> {
  const { rows } = await tx.query<{ lines: number; mine: number }>(
    `select count(*)::int as lines,
            count(*) filter (where offering_id = $2 and by_case = $3)::int as mine
       from cart_items where cart_uid = $1`,
    [cartUid, offeringId, byCase],
  );
  return rows[0]!.mine > 0 || rows[0]!.lines < MAX_CART_LINES;
}

// A cart and its items in one statement: one snapshot, and on PGlite's single connection one
// query instead of two. A cart without items is one row with null item columns.
type BookingRow = {
  uid: string;
  notes: string[];
  updated_at: Date | string | null;
  item_uid: string | null;
  offering_id: string;
  quantity: number;
  by_case: boolean;
};
const BOOKING_SELECT = `select c.uid, c.notes, c.updated_at,
    i.uid as item_uid, i.offering_id, i.quantity, i.by_case
  from carts c left join cart_items i on i.cart_uid = c.uid`;
const BOOKING_ORDER = 'order by i.created_at, i.uid';

function bookingOf(rows: readonly BookingRow[]): Booking | null {
  const cart = rows[0];
  if (!cart) return null;
  return {
    uid: cart.uid,
    items: rows
      .filter((r) => r.item_uid !== null)
      .map((r) => ({
        uid: r.item_uid!,
        offeringId: r.offering_id,
        quantity: r.quantity,
        byCase: r.by_case,
      })),
    notes: cart.notes,
    lastUpdate: cart.updated_at === null ? null : new Date(cart.updated_at).toISOString(),
  };
}

export async function readBooking(tx: Queryable, cartUid: string): Promise<Booking> {
  const { rows } = await tx.query<BookingRow>(
    `${BOOKING_SELECT} where c.uid = $1 ${BOOKING_ORDER}`,
    [cartUid],
  );
  const booking = bookingOf(rows);
  if (!booking) throw new Error(`cart ${cartUid} vanished`);
  return booking;
}

/**
 * The booking of a key when its cart exists, null otherwise: a read of a cart that is there
 * writes nothing and takes no transaction (docs/decisions/0285).
 */
export async function findBooking(q: Queryable, key: CartKey): Promise<Booking | null> {
  const { rows } = await q.query<BookingRow>(
    `${BOOKING_SELECT} where c.tenant_id = $1 and c.principal_id = $2 ${BOOKING_ORDER}`,
    [key.tenantId, key.principalId],
  );
  return bookingOf(rows);
}
