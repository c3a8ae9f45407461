import pg from 'pg';
import type { Db, Queryable } from './queryable';
import { statementNames, type StatementNames } from './statement-names';

// A PostgreSQL server (DATABASE_URL), through a pool of connections. Each SQL text is a named
// statement, which node-postgres prepares once per connection (docs/decisions/0289).
function named(client: pg.Pool | pg.PoolClient, names: StatementNames): Queryable['query'] {
  return async (text, params = []) => {
    const name = names.nameOf(text);
    const values = params as unknown[];
    return (name ? client.query({ name, text, values }) : client.query(text, values)) as never;
  };
}

/** How long a new connection to the server may take (the README's DATABASE_URL row). */
export const CONNECT_TIMEOUT_MS = 10_000;

export async function openServer(
  databaseUrl: string,
  prepared: boolean,
  onIdleConnectionError: (error: Error) => void = () => {},
): Promise<Db> {
  // A server that accepts the connection and never answers (overloaded, a firewall that drops
  // its packets) had kept the start waiting without a word, and a query waiting for ever: pg has
  // no connect deadline of its own. The same bounds a wait for a free connection of the pool.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection the server ends (restart, failover, an administrator) errors on the pool,
  // which has already dropped it; unheard, that error would end the process. The next query
  // connects again; a query in flight fails on its own. The process says so (main.ts logs it).
  pool.on('error', onIdleConnectionError);
  await pool.query('select 1');
  const names = statementNames(prepared);
  return {
    query: named(pool, names),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({ query: named(client, names) });
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
