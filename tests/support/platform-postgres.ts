import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, type Db } from '../../platform/db/db';

// With TEST_DATABASE_URL (a PostgreSQL server and a database to connect to for admin work), each
// test platform gets a fresh database of its own on that server, dropped when the platform closes.
// The same tests then prove the SQL works on PostgreSQL as well as on PGlite.
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

async function admin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database on the server of `adminUrl` (TEST_DATABASE_URL, or ./postgres-server.ts). */
export async function openServerTestDb(
  adminUrl: string,
  preparedStatements = true,
): Promise<{ db: Db; drop(): Promise<void> }> {
  const name = `storefront_test_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString(), preparedStatements });
  return {
    db,
    drop: async () => {
      await db.close();
      await admin(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}
