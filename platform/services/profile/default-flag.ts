import type { Queryable } from '../../db/db';
import type { Shopper } from '../orders/shopper';

// The default address and the default payment method. At most one of each is the default (a
// partial unique index says so); the first one added becomes it, and deleting it passes the flag
// to the oldest remaining one, so a shopper with entries always has a default.
type Table = 'delivery_addresses' | 'payment_methods';

/**
 * Every change of a shopper's addresses (or cards) takes this lock first, so two at once take
 * turns: each then sees the other's default, instead of both setting one (a unique violation) or
 * both passing it to an entry the other deletes (no default). docs/decisions/0306.
 */
export async function lockEntries(tx: Queryable, shopper: Shopper, table: Table): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
    `${table}/${shopper.tenantId}/${shopper.accountId}`,
  ]);
}

/** Clears the default flag of the shopper's other addresses before one becomes the default. */
export async function clearDefault(tx: Queryable, shopper: Shopper, table: Table): Promise<void> {
  await tx.query(
    `update ${table} set is_default = false where account_id = $1 and tenant_id = $2 and is_default`,
    [shopper.accountId, shopper.tenantId],
  );
}

/** When the shopper has entries but none is the default, the oldest becomes it. */
export async function ensureDefault(tx: Queryable, shopper: Shopper, table: Table): Promise<void> {
  await tx.query(
    `update ${table} set is_default = true where id = (
       select id from ${table} where account_id = $1 and tenant_id = $2 order by created_at, id limit 1)
     and not exists (select 1 from ${table} where account_id = $1 and tenant_id = $2 and is_default)`,
    [shopper.accountId, shopper.tenantId],
  );
}
