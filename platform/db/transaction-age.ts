import type { Queryable } from './queryable';

// How old the oldest transaction id a table still holds is (docs/decisions/0381). PostgreSQL
// counts transactions on 32 bits and compares two ids within 2^31 of each other: a row's id must
// be frozen (marked older than any) by a VACUUM before 2^31 more transactions have begun, or the
// row would seem written in the future. PostgreSQL keeps the oldest id a table may still hold
// unfrozen (`relfrozenxid`; a database's, the oldest of its tables', `datfrozenxid`), warns 40
// million transactions before that limit and refuses new ones 3 million before it. A server's
// autovacuum freezes a table once its age passes `autovacuum_freeze_max_age`; PGlite has no
// autovacuum, and its sweep does that (./vacuum-choice.ts).

/**
 * A table is frozen once its oldest unfrozen id is this many transactions old: PostgreSQL's own
 * `autovacuum_freeze_max_age`. It leaves 1.9 billion transactions before the warnings for the
 * one table a minute the sweep freezes, and a freeze, which writes every page not frozen yet,
 * comes once in that many transactions.
 */
export const FREEZE_AGE = 200_000_000;

/** A table and the age of its oldest unfrozen transaction id, in transactions. */
export type TableAge = { table: string; age: number };

// A table's TOAST table (its long values) counts with it: a VACUUM of the table does both.
const AGE = 'greatest(age(c.relfrozenxid), age(toast.relfrozenxid))';
const TABLES = `pg_class c left join pg_class toast on toast.oid = c.reltoastrelid`;

/**
 * Every table of the database older than `bound`, the oldest first: the platform's and
 * PostgreSQL's own catalogs too, whose ages hold the database's back as much. Each name as a
 * VACUUM takes it (`pg_class`, `information_schema.sql_parts`).
 */
export async function tablesPast(q: Queryable, bound: number): Promise<TableAge[]> {
  const { rows } = await q.query<TableAge>(
    `select c.oid::regclass::text as table, ${AGE} as age from ${TABLES}
     where c.relkind in ('r', 'm') and ${AGE} > $1::int
     order by age desc, c.oid`,
    [bound],
  );
  return rows;
}

/** The age of one table (a name `tablesPast` gave). */
export async function tableAge(q: Queryable, table: string): Promise<number> {
  const { rows } = await q.query<{ age: number }>(
    `select ${AGE} as age from ${TABLES} where c.oid = $1::regclass`,
    [table],
  );
  return rows[0]?.age ?? 0;
}

/** The age of the database: its oldest table's, as PostgreSQL last recorded it. */
export async function databaseAge(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ age: number }>(
    `select age(datfrozenxid) as age from pg_database where datname = current_database()`,
  );
  return rows[0]?.age ?? 0;
}
