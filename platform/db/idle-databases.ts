import { PGlite } from '@electric-sql/pglite';
import { FREEZE_AGE } from './transaction-age';

// PGlite's cluster holds three databases: the platform's (`postgres`) and `template0` and
// `template1`, which nothing connects to. PostgreSQL's limit on transaction ids is counted from
// the oldest database of the cluster, whichever it is (docs/decisions/0381): the sweep freezes
// the platform's, and theirs stay as PGlite's initdb left them, holding the limit where it was.
// A server's autovacuum visits every database; a VACUUM runs only in the database PGlite opened,
// so each of theirs is frozen at start, once past the bound, by a PGlite of its own on the data
// directory (PostgreSQL in single-user mode, which also lets it into template0), the platform's
// closed meanwhile.

/** On a data directory: the bound (FREEZE_AGE; tests give a small one) and the start's log. */
export type IdleDatabases = {
  freezeAge?: number;
  log?: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
};

type DatabaseAge = { database: string; age: number };

/** The cluster's other databases older than `bound` (`lite`: the platform's). */
async function idleDatabasesPast(lite: PGlite, bound: number): Promise<DatabaseAge[]> {
  const { rows } = await lite.query<DatabaseAge>(
    `select datname as database, age(datfrozenxid) as age from pg_database
     where datname <> current_database() and age(datfrozenxid) > $1::int order by datname`,
    [bound],
  );
  return rows;
}

/** Freezes `database` of the cluster in `dataDir`: its age before and after. */
async function freezeIdleDatabase(dataDir: string, { database, age }: DatabaseAge) {
  const lite = new PGlite({ dataDir, database });
  try {
    await lite.waitReady;
    await lite.exec('vacuum (freeze)');
    const { rows } = await lite.query<{ age: number }>(
      'select age(datfrozenxid) as age from pg_database where datname = current_database()',
    );
    return { database, before: age, after: rows[0]?.age ?? 0 };
  } finally {
    await lite.close();
  }
}

/**
 * `lite` (the platform's database, just opened on `dataDir`), or, once the cluster's other
 * databases past the bound are frozen, the one `reopen` gives. A freeze that fails is logged
 * and the start goes on: it is tried again at the next, 1.9 billion transactions before
 * PostgreSQL's warnings at the default bound.
 */
export async function idleDatabasesFrozen(
  lite: PGlite,
  dataDir: string,
  reopen: () => Promise<PGlite>,
  { freezeAge = FREEZE_AGE, log }: IdleDatabases = {},
): Promise<PGlite> {
  const old = await idleDatabasesPast(lite, freezeAge).catch(async (error: unknown) => {
    await lite.close();
    throw error;
  });
  if (old.length === 0) return lite;
  await lite.close();
  for (const database of old) {
    try {
      const frozen = await freezeIdleDatabase(dataDir, database);
      log?.info(frozen, 'database: frozen at start, its transaction ids past the bound');
    } catch (error) {
      log?.warn({ ...database, err: error }, 'database: its freeze at start failed');
    }
  }
  return reopen();
}
