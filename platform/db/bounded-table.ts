import type { Db, Queryable } from './queryable';
import { yielding } from './swept-table';
import { sweepMemory, vacuumIfDue } from './vacuum-choice';

// A table kept to its newest rows and its last days (docs/decisions/0359): the development inboxes
// and the mail outbox, which the shipped deployments fill from public traffic. Pruned by id
// range, which the primary key answers without a scan: ids go up with time, so "the oldest" is
// "the lowest ids". Deleted in batches, one statement each, so that a first prune of a large table
// (after an upgrade, or a lowered bound) never holds the embedded database for long: other queries
// take their turn between two batches, and each statement waits for a turn of the event loop, as
// the sweep's do. On PGlite a prune is followed by a VACUUM of the table once it is due, by the
// sweep's rule (PGlite has no autovacuum: ./swept-table.ts, ./vacuum-choice.ts; docs/decisions/
// 0387).

/** How many rows a table keeps, and for how many days. */
export type Retention = { keep: number; days: number };

/** A bounded table: its name and the column holding when a row came. */
export type BoundedTable = {
  name: 'error_events' | 'analytics_events' | 'outbox';
  time: 'received_at' | 'created_at';
};

/** Rows one statement deletes at most (10-25 ms of PGlite's time; bench/results.md). */
export const PRUNE_BATCH = 2_000;

/**
 * Deletes the rows past the table's bound: all but its newest `keep` (by id; a gap left by a
 * rolled-back insert only makes it keep fewer), and those older than `days`. Returns how many.
 * `stopped` is asked between two batches (the platform closing).
 */
export async function pruneTable(
  q: Queryable,
  table: BoundedTable,
  retention: Retention,
  stopped: () => boolean = () => false,
): Promise<number> {
  const { name, time } = table;
  const newest = await q.query<{ id: number | null }>(`select max(id)::float8 as id from ${name}`);
  const last = newest.rows[0]?.id;
  if (last === null || last === undefined) return 0;
  // The oldest row still within its days: what comes before it goes. Read in id order, so it
  // stops at the first such row (after a prune, the first row it reads); none: all are too old.
  // (Not `id::float8 as id`: the order would be the alias's, a sort of the whole table.)
  const fresh = await q.query<{ first: number }>(
    `select id::float8 as first from ${name}
     where ${time} >= now() - make_interval(days => $1) order by id limit 1`,
    [retention.days],
  );
  const below = Math.max(last - retention.keep + 1, fresh.rows[0]?.first ?? last + 1);
  let deleted = 0;
  for (;;) {
    const { rows } = await q.query<{ n: number }>(
      // The oldest rows below the bound, as one id range the primary key answers (`id in (select
      // …)` was a hash join over the whole table).
      `with gone as (
         delete from ${name} where id >= (select min(id) from ${name})
           and id < least($1::bigint,
             coalesce((select id from ${name} order by id offset $2 limit 1), $1::bigint))
         returning 1)
       select count(*)::int as n from gone`,
      [below, PRUNE_BATCH],
    );
    const n = rows[0]?.n ?? 0;
    deleted += n;
    if (n < PRUNE_BATCH || stopped()) return deleted;
  }
}

/** A bounded table, pruned as this process inserts into it and sweeps it. */
export type Pruner = {
  /**
   * After an insert of `id`: prunes when a tenth of the bound (at most 1,000 rows) went in since
   * this process last pruned, so the table never holds more than that over its bound. Never
   * throws: a failed prune is tried again at the next insert.
   */
  inserted(id: number): Promise<void>;
  /** Prunes now (the sweep: at start and every minute); rows deleted. */
  prune(): Promise<number>;
  /** No prune from now on; the one under way ends after its batch. Resolves when it has. */
  stop(): Promise<void>;
};

export function pruner(
  db: Pick<Db, 'query' | 'exclusive'>,
  table: BoundedTable,
  retention: Retention,
  onError: (error: unknown) => void,
): Pruner {
  const every = Math.min(1_000, Math.ceil(retention.keep / 10));
  let prunedAt = -Infinity;
  let running: Promise<number> | null = null;
  let stopped = false;
  // The rows pruned since the table's last VACUUM: once more went than it keeps (a first prune
  // of a grown table, a lowered bound), its VACUUM is a VACUUM FULL, which gives the disk back and
  // spares a listing that scans the table the empty pages (as before, docs/decisions/0359).
  const memory = sweepMemory();
  const pruneAndVacuum = async () => {
    const q = yielding(db);
    const deleted = await pruneTable(q, table, retention, () => stopped);
    if (deleted === 0 || !db.exclusive) return deleted;
    memory.purged.set(table.name, (memory.purged.get(table.name) ?? 0) + deleted);
    if (!stopped) await vacuumIfDue(q, table.name, memory, retention.keep, () => stopped);
    return deleted;
  };
  const prune = async () => {
    if (stopped) return 0;
    // One prune at a time: a second caller shares the one under way.
    running ??= pruneAndVacuum().finally(() => (running = null));
    return running;
  };
  return {
    prune,
    async stop() {
      stopped = true;
      await running?.catch(() => undefined);
    },
    async inserted(id) {
      if (id - prunedAt < every) return;
      const before = prunedAt;
      prunedAt = id;
      await prune().catch((error: unknown) => {
        prunedAt = before;
        onError(error);
      });
    },
  };
}
