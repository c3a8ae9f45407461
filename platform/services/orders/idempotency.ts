import type { OrderDetail } from '../../../shared/contracts/orders';
import type { Db, Queryable } from '../../db/db';
import { readOrder } from './order-read';
import type { Shopper } from './shopper';

export { IDEMPOTENCY_HEADER, idempotencyKeyOf } from '../../http/idempotency-key';

// Idempotent order placement (docs/decisions/0140). The `Idempotency-Key` header names one
// submission of a checkout form; the first placement stores it on the order (unique per shop and
// account), and any later request with the same key gets that order back instead of a second one.
export type Placed = { order: OrderDetail; replayed: boolean };

async function orderIdByKey(q: Queryable, shopper: Shopper, key: string): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    'select id from orders where tenant_id = $1 and account_id = $2 and idempotency_key = $3',
    [shopper.tenantId, shopper.accountId, key],
  );
  return rows[0]?.id ?? null;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === '23505';

/**
 * Runs `place` (which returns the new order's id) in one transaction, at most once per key. Two
 * submissions with one key are serialised by an advisory lock on the key, so the second waits for
 * the first to commit and then finds its order; the unique index is the last word.
 */
export async function placeOnce(
  db: Db,
  shopper: Shopper,
  key: string | null,
  place: (tx: Queryable) => Promise<string>,
): Promise<Placed> {
  const read = async (q: Queryable, id: string, replayed: boolean): Promise<Placed> => {
    const order = await readOrder(q, shopper, id);
    if (!order) throw new Error(`order ${id} vanished`);
    return { order, replayed };
  };
  try {
    return await db.transaction(async (tx) => {
      if (key) {
        await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
          `order/${shopper.tenantId}/${shopper.accountId}/${key}`,
        ]);
        const first = await orderIdByKey(tx, shopper, key);
        if (first) return read(tx, first, true);
      }
      return read(tx, await place(tx), false);
    });
  } catch (error) {
    const first = key && isUniqueViolation(error) ? await orderIdByKey(db, shopper, key) : null;
    if (first) return read(db, first, true);
    throw error;
  }
}
