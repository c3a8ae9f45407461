import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

// One small interface over both databases: PGlite (embedded, the default) and a PostgreSQL server
// (DATABASE_URL). Same SQL for both; parameters are $1, $2, ...
export type Row = Record<string, unknown>;
export type Queryable = {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[] }>;
};
export type Db = Queryable & {
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** True when this process alone writes the database (embedded: PGlite). */
  readonly exclusive: boolean;
};

export type DbOptions = {
  dataDir?: string;
  databaseUrl?: string;
  /** Embedded only: start from this dump (dumpEmbedded) instead of an empty cluster (tests). */
  template?: Blob;
};

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl
    ? openServer(options.databaseUrl)
    : openEmbedded(options.dataDir, options.template);
}

/** A gzipped tarball of an embedded database, for openDb({ template }). */
export async function dumpEmbedded(db: Db): Promise<Blob> {
  const lite = embedded.get(db);
  if (!lite) throw new Error('dumpEmbedded needs an embedded (PGlite) database');
  return lite.dumpDataDir('gzip');
}

const embedded = new WeakMap<Db, PGlite>();

async function openEmbedded(dataDir: string | undefined, template: Blob | undefined): Promise<Db> {
  // No dataDir: in memory (tests that do not care about persistence). pg_trgm: search's typo
  // tolerance (docs/decisions/0160); PostgreSQL servers ship it in contrib.
  const lite = new PGlite({
    dataDir,
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
  await lite.waitReady;
  const db: Db = {
    query: async (sql, params = []) => lite.query(sql, params as unknown[]) as never,
    transaction: (fn) =>
      lite.transaction((tx) =>
        fn({ query: async (sql, params = []) => tx.query(sql, params as unknown[]) as never }),
      ),
    exec: async (sql) => {
      await lite.exec(sql);
    },
    close: () => lite.close(),
    exclusive: true,
  };
  embedded.set(db, lite);
  return db;
}

async function openServer(databaseUrl: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query('select 1');
  return {
    query: async (sql, params = []) => pool.query(sql, params as unknown[]) as never,
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async (sql, params = []) => client.query(sql, params as unknown[]) as never,
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
    exclusive: false,
  };
}
