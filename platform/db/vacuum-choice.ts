import type { Queryable } from './queryable';
import { FREEZE_AGE, tableAge, tablesPast, type TableAge } from './transaction-age';

// Which swept table a sweep's turn vacuums on PGlite, if any (docs/decisions/0374). PGlite runs
// PostgreSQL in one thread: a VACUUM holds every request that comes meanwhile, so a table is
// vacuumed only once enough of it went, and one table a turn. PostgreSQL's own counts say how
// much went: the rows deleted, or left behind by an update, since the table's last VACUUM
// (`n_dead_tup`). PGlite keeps them as a server does, flushed at most once a second (asked for
// at once here), but not over a restart: a table not vacuumed since the start is vacuumed once
// when no other is due, so what went before the restart is not left for ever. A table whose
// transaction ids are older than a bound is frozen in the turn's VACUUM, any table of the
// database, the oldest first (./transaction-age.ts, docs/decisions/0381). A bounded table's prune
// vacuums it by the same rule, when due (docs/decisions/0387).

/** A table is due once the rows gone since its last VACUUM pass this share of what it keeps... */
export const VACUUM_SHARE = 0.1;
/** ...or this many, whatever its size. */
export const VACUUM_ROWS = 1_000;

/** What PostgreSQL counts of a swept table. */
type Wear = {
  table: string;
  /** Rows gone since its last VACUUM (deleted, or replaced by an update). */
  dead: number;
  /** The live rows its last VACUUM counted (-1: never vacuumed). */
  kept: number;
  /** Its last plain VACUUM in this run of the database, or null. */
  vacuumed: Date | null;
};

/** The VACUUM a turn made; `frozen`: with FREEZE, the table's age before and after. */
export type Vacuumed = {
  table: string;
  dead: number;
  full: boolean;
  frozen?: { before: number; after: number };
};

/** What a turn leaves the next one (the sweep keeps it). */
export type SweepMemory = {
  /** The rows each table's purges deleted since its last VACUUM. */
  purged: Map<string, number>;
  /** The last turn froze a table. */
  froze: boolean;
};

export const sweepMemory = (): SweepMemory => ({ purged: new Map(), froze: false });

const due = (wear: Wear) =>
  wear.dead >= VACUUM_ROWS || (wear.dead > 0 && wear.dead >= VACUUM_SHARE * Math.max(wear.kept, 0));

/**
 * The table to vacuum: of those due, the one vacuumed longest ago (none is passed over for ever);
 * when none is, the first not vacuumed since the start; else none.
 */
export function tableToVacuum(wears: readonly Wear[]): Wear | null {
  const since = (wear: Wear) => wear.vacuumed?.getTime() ?? 0;
  const [oldest] = wears.filter(due).sort((a, b) => since(a) - since(b));
  return oldest ?? wears.find((wear) => wear.vacuumed === null) ?? null;
}

async function wearOf(q: Queryable, tables: readonly string[]): Promise<Wear[]> {
  // The counts of the statements before this one are flushed at its end.
  await q.query('select pg_stat_force_next_flush()');
  const { rows } = await q.query<Wear>(
    `select relname as table, pg_stat_get_dead_tuples(oid)::float8 as dead,
       reltuples::float8 as kept, pg_stat_get_last_vacuum_time(oid) as vacuumed
     from pg_class where oid = any($1::text[]::regclass[])`,
    [tables],
  );
  // In the order the tables were given (the sweep's): the first not vacuumed is the first listed.
  return tables.flatMap((table) => rows.filter((row) => row.table === table));
}

/**
 * The turn's one VACUUM: a table past the freeze bound, the oldest, or the VACUUM due. A due one
 * past the bound is frozen in its own VACUUM; while others wait, freezes and due VACUUMs take a
 * turn each: neither waits more than a turn for the other.
 */
function choose(wear: Wear | null, old: readonly TableAge[], memory: SweepMemory) {
  const dueToo = wear && due(wear) ? old.find((table) => table.table === wear.table) : undefined;
  if (dueToo) return { table: dueToo.table, freezing: dueToo };
  const [oldest] = old;
  if (oldest && !(wear && due(wear) && memory.froze))
    return { table: oldest.table, freezing: oldest };
  return wear ? { table: wear.table, freezing: null } : null;
}

/**
 * Vacuums the one table most worth it, if any (`choose`), with FREEZE for a table past
 * `freezeAge` (`vacuumTable`). `stopped` is asked before the VACUUM.
 */
export async function vacuumOneTable(
  q: Queryable,
  tables: readonly string[],
  memory: SweepMemory,
  stopped: () => boolean = () => false,
  freezeAge = FREEZE_AGE,
): Promise<Vacuumed | null> {
  const wear = tableToVacuum(await wearOf(q, tables));
  const chosen = choose(wear, await tablesPast(q, freezeAge), memory);
  if (!chosen || stopped()) return null;
  const { table, freezing } = chosen;
  memory.froze = freezing !== null;
  const dead = wear?.table === table ? wear.dead : 0;
  return vacuumTable(q, table, dead, freezing, memory);
}

/**
 * A bounded table's VACUUM after its prune (./bounded-table.ts, docs/decisions/0387), by the
 * sweep's rule: only once it is due, as `vacuumTable` does it; a VACUUM FULL at once when its
 * prunes since the last deleted more than it keeps at most (`kept`: a first prune of a grown
 * table, a lowered bound), which the plain VACUUM before it would only have counted. No catch-up
 * after a start and no freeze: the sweep does those, of every table of the database.
 */
export async function vacuumIfDue(
  q: Queryable,
  table: string,
  memory: SweepMemory,
  kept = Infinity,
  stopped: () => boolean = () => false,
): Promise<Vacuumed | null> {
  const [wear] = await wearOf(q, [table]);
  if (!wear || !due(wear) || stopped()) return null;
  if ((memory.purged.get(table) ?? 0) <= kept)
    return vacuumTable(q, table, wear.dead, null, memory);
  memory.purged.delete(table);
  await q.query(`vacuum full ${table}`);
  return { table, dead: wear.dead, full: true };
}

/**
 * A VACUUM of `table`, which makes the space of the rows gone usable again (FREEZE when
 * `freezing`); then a VACUUM FULL when the purges deleted more of it since its last VACUUM
 * (`memory.purged`) than the VACUUM found left, which rewrites it to what it keeps and gives the
 * disk back (the first sweep of a grown table). Not for rows gone by use or by an update: the
 * table takes their place again.
 */
async function vacuumTable(
  q: Queryable,
  table: string,
  dead: number,
  freezing: TableAge | null,
  memory: SweepMemory,
): Promise<Vacuumed> {
  await q.query(freezing ? `vacuum (freeze) ${table}` : `vacuum ${table}`);
  const frozen = freezing ? { before: freezing.age, after: await tableAge(q, table) } : undefined;
  const deleted = memory.purged.get(table) ?? 0;
  memory.purged.delete(table);
  if (deleted === 0) return { table, dead, full: false, frozen };
  const { rows } = await q.query<{ live: number }>(
    `select reltuples::float8 as live from pg_class where oid = $1::regclass`,
    [table],
  );
  const full = deleted > (rows[0]?.live ?? Infinity);
  if (full) await q.query(`vacuum full ${table}`);
  return { table, dead, full, frozen };
}
