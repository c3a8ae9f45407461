import { openEmbedded } from './embedded';
import type { IdleDatabases } from './idle-databases';
import type { Db } from './queryable';
import { openServer } from './server';

export { dumpEmbedded } from './embedded';
export type { Db, Queryable, Row } from './queryable';

// Opens the database the configuration names: PGlite embedded by default, a PostgreSQL server
// with DATABASE_URL (./queryable.ts: the interface both give).
export type DbOptions = {
  dataDir?: string;
  databaseUrl?: string;
  /** Embedded only: start from this dump (dumpEmbedded) instead of an empty cluster (tests). */
  template?: Blob;
  /** Named prepared statements (ADR 0289; default true). */
  preparedStatements?: boolean;
  /** Server only: an idle connection the server ended (the pool connects again at the next query). */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * Embedded on a data directory: PGlite's template databases frozen at the open once past
   * `freezeAge` (FREEZE_AGE; a test gives a small one), each told to `frozen` (ADR 0381).
   */
  idleDatabases?: IdleDatabases;
};

export async function openDb(options: DbOptions): Promise<Db> {
  const prepared = options.preparedStatements ?? true;
  return options.databaseUrl
    ? openServer(options.databaseUrl, prepared, options.onIdleConnectionError)
    : openEmbedded(options.dataDir, options.template, prepared, options.idleDatabases);
}
