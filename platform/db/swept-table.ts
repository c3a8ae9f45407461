import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db, Queryable } from './queryable';
import { FREEZE_AGE } from './transaction-age';
import { sweepMemory, vacuumOneTable, type SweepMemory, type Vacuumed } from './vacuum-choice';

// The tables the platform deletes rows from, and the space those rows leave (docs/decisions/0359,
// 0363). PGlite runs PostgreSQL in single-user mode, without autovacuum: a deleted row's space is
// used again only after a VACUUM of its table, so a table whose rows are deleted (by age, by count
// or by use) grew as if nothing were deleted (bench/results.md). A PostgreSQL server's autovacuum
// does that work there, and a VACUUM FULL there would lock the table from its writers: nothing is
// vacuumed on a server. PGlite is one thread too: each statement of the sweep holds every request
// that comes meanwhile, so a turn vacuums one table at most, and lets waiting requests go before
// each of its statements (docs/decisions/0374). Nothing freezes old transaction ids on PGlite
// either: the turn's VACUUM does, of any table of the database (docs/decisions/0381).

/**
 * A table swept every minute (docs/decisions/0363). `purge` deletes the rows past their time and
 * says how many (`stopped` is asked between two batches: the platform closing); without one, the
 * rows go by use (a cart's items, a list's) and the sweep only makes their space usable again.
 */
export type SweptTable = {
  name: string;
  purge?: (q: Queryable, stopped: () => boolean) => Promise<number>;
};

/** What a turn of the sweep did; a failed step is tried again at the next turn. */
export type SweepTurn = {
  /** The rows each table's purge deleted. */
  deleted: Map<string, number>;
  failures: { table: string | undefined; error: unknown }[];
  /** The VACUUM made (on PGlite), if a table was worth it or past the freeze bound. */
  vacuumed: Vacuumed | null;
};

/**
 * The database as the sweep uses it, and a bounded table's prune (./bounded-table.ts): each
 * statement waits for a turn of the event loop first, so that the requests that came during the
 * last one (read in that turn) are queued before it.
 */
export function yielding(db: Pick<Db, 'query'>): Queryable {
  return {
    query: async (sql, params) => {
      await nextTurn();
      return db.query(sql, params);
    },
  };
}

/**
 * One turn of the sweep: each table's purge, in order, then (on PGlite) the VACUUM of the one
 * table most worth it, if any (./vacuum-choice.ts): a table of the database whose transaction
 * ids passed `freezeAge`, or a swept one due. `stopped` is asked after each step. `memory` is
 * kept from one turn to the next: the rows each table's purges deleted since its last VACUUM.
 */
export async function sweepTurn(
  db: Pick<Db, 'query' | 'exclusive'>,
  tables: readonly SweptTable[],
  stopped: () => boolean = () => false,
  memory: SweepMemory = sweepMemory(),
  freezeAge = FREEZE_AGE,
): Promise<SweepTurn> {
  const q = yielding(db);
  const turn: SweepTurn = { deleted: new Map(), failures: [], vacuumed: null };
  for (const table of tables) {
    if (!table.purge) continue;
    try {
      const deleted = await table.purge(q, stopped);
      turn.deleted.set(table.name, deleted);
      if (db.exclusive)
        memory.purged.set(table.name, (memory.purged.get(table.name) ?? 0) + deleted);
    } catch (error) {
      turn.failures.push({ table: table.name, error });
    }
    if (stopped()) return turn;
  }
  if (!db.exclusive) return turn;
  try {
    const names = tables.map((table) => table.name);
    turn.vacuumed = await vacuumOneTable(q, names, memory, stopped, freezeAge);
  } catch (error) {
    turn.failures.push({ table: undefined, error });
  }
  return turn;
}

/** A turn of one table (tests): the rows its purge deleted; a failure is thrown. */
export async function sweepTable(
  db: Pick<Db, 'query' | 'exclusive'>,
  table: SweptTable,
  stopped: () => boolean = () => false,
): Promise<number> {
  const turn = await sweepTurn(db, [table], stopped);
  if (turn.failures[0]) throw turn.failures[0].error;
  return turn.deleted.get(table.name) ?? 0;
}
