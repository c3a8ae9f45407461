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
