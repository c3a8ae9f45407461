import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db';

// PGlite's cluster has two databases besides the platform's, template0 and template1, which
// nothing opens: their ages grew with every transaction of the platform's, and PostgreSQL counts
// its wraparound limit from the oldest database of the cluster, so freezing the platform's own
// left the limit where initdb put it. Each is now frozen at the open once past the bound
// (docs/decisions/0381). A data directory of its own, a bound of a few hundred transactions.
const BOUND = 200;
let dataDir: string;
let db: Db | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'idle-databases-'));
});
async function closeDb() {
  const open = db;
  db = undefined;
  await open?.close();
}
afterEach(async () => {
  await closeDb();
  await rm(dataDir, { recursive: true, force: true });
});

type Line = { level: string; fields: object; message: string };
function recordingLog(lines: Line[]) {
  return {
    info: (fields: object, message: string) => lines.push({ level: 'info', fields, message }),
    warn: (fields: object, message: string) => lines.push({ level: 'warn', fields, message }),
  };
}

const ages = async (db: Db) =>
  Object.fromEntries(
    (
      await db.query<{ name: string; age: number }>(
        'select datname as name, age(datfrozenxid) as age from pg_database',
      )
    ).rows.map((row) => [row.name, row.age]),
  );

/** The database the cluster's limit is counted from, as its last checkpoint recorded it. */
async function oldestDatabase(db: Db): Promise<string> {
  await db.query('checkpoint');
  const { rows } = await db.query<{ name: string }>(
    `select datname as name from pg_database
     where oid = (select oldest_xid_dbid from pg_control_checkpoint())`,
  );
  return rows[0]!.name;
}

async function spend(db: Db, transactions: number) {
  for (let i = 0; i < transactions; i++) await db.query('select txid_current()');
}

describe("PGlite's template databases", () => {
  it('are frozen at the open once past the bound, and the limit counts from the platform’s', async () => {
    db = await openDb({ dataDir });
    await spend(db, 2 * BOUND);
    // The platform's own database frozen, as the sweep leaves it: a template holds the limit.
    await db.query('vacuum (freeze)');
    expect(await oldestDatabase(db)).toMatch(/^template[01]$/);
    // Younger than the platform's once frozen.
    await spend(db, 10);
    await closeDb();

    const lines: Line[] = [];
    db = await openDb({ dataDir, idleDatabases: { freezeAge: BOUND, log: recordingLog(lines) } });
    const after = await ages(db);
    expect(after.template0).toBeLessThan(BOUND);
    expect(after.template1).toBeLessThan(BOUND);
    expect(lines).toEqual(
      ['template0', 'template1'].map((database) => ({
        level: 'info',
        fields: { database, before: expect.any(Number), after: 0 },
        message: 'database: frozen at start, its transaction ids past the bound',
      })),
    );
    for (const { fields } of lines)
      expect((fields as { before: number }).before).toBeGreaterThan(BOUND);
    expect(await oldestDatabase(db)).toBe('postgres');
    // The database opened again is the platform's, whole.
    expect((await db.query('select current_database() as name')).rows).toEqual([
      { name: 'postgres' },
    ]);
  }, 60_000);

  it('are left alone under the bound, and in memory', async () => {
    db = await openDb({ dataDir });
    await spend(db, BOUND / 2);
    await closeDb();
    const lines: Line[] = [];
    db = await openDb({ dataDir, idleDatabases: { freezeAge: BOUND, log: recordingLog(lines) } });
    expect(lines).toEqual([]);
    expect((await ages(db)).template1).toBeGreaterThan(BOUND / 2);
    await closeDb();

    db = await openDb({ idleDatabases: { freezeAge: 0, log: recordingLog(lines) } });
    await spend(db, 10);
    expect(lines).toEqual([]);
    expect((await ages(db)).template1).toBeGreaterThan(0);
  }, 60_000);
});
