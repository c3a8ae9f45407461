import type { Db, Queryable } from './queryable';

// The tables the platform deletes rows from, and the space those rows leave (docs/decisions/0359,
// 0363). PGlite runs PostgreSQL in single-user mode, without autovacuum: a deleted row's space is
// used again only after a VACUUM of its table, so a table whose rows are deleted (by age, by count
// or by use) grew as if nothing were deleted (bench/results.md). A PostgreSQL server's autovacuum
// does that work there, and a VACUUM FULL there would lock the table from its writers: nothing is
// vacuumed on a server.

/**
 * After `deleted` rows of a table went, on PGlite: a VACUUM marks their space free for the next
 * rows; when more went than the table keeps (a first sweep of a grown table, a lowered bound), a
 * VACUUM FULL rewrites the table to what it keeps, which gives the disk back. `kept` unknown: the
 * live rows the plain VACUUM counted (pg_class.reltuples), so that VACUUM comes first.
 */
export async function vacuumAfterDelete(
  db: Pick<Db, 'query' | 'exclusive'>,
  table: string,
  deleted: number,
  kept?: number,
): Promise<void> {
  if (!db.exclusive) return;
  if (kept !== undefined) {
    await db.query(`vacuum ${deleted > kept ? 'full ' : ''}${table}`);
    return;
  }
  await db.query(`vacuum ${table}`);
  if (deleted === 0) return;
  const { rows } = await db.query<{ live: number }>(
    `select reltuples::float8 as live from pg_class where oid = $1::regclass`,
    [table],
  );
  if (deleted > (rows[0]?.live ?? Infinity)) await db.query(`vacuum full ${table}`);
}

/**
 * A table swept every minute (docs/decisions/0363). `purge` deletes the rows past their time and
 * says how many (`stopped` is asked between two batches: the platform closing); without one, the
 * rows go by use (a cart's items, a list's) and the sweep only makes their space usable again.
 */
export type SweptTable = {
  name: string;
  purge?: (q: Queryable, stopped: () => boolean) => Promise<number>;
};

/** One sweep of a table: its purge, then (on PGlite) its VACUUM. The rows the purge deleted. */
export async function sweepTable(
  db: Pick<Db, 'query' | 'exclusive'>,
  table: SweptTable,
  stopped: () => boolean = () => false,
): Promise<number> {
  const deleted = table.purge ? await table.purge(db, stopped) : 0;
  if (!stopped()) await vacuumAfterDelete(db, table.name, deleted);
  return deleted;
}
