import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db';
import { recordingVacuums } from '../../tests/support/vacuum-recording';
import { sweepTurn, type SweptTable } from './swept-table';
import { databaseAge, tableAge, tablesPast } from './transaction-age';
import { sweepMemory, type SweepMemory } from './vacuum-choice';

// PGlite has no autovacuum, and nothing froze old transaction ids there: a data directory that
// took writes long enough would reach PostgreSQL's wraparound limit. A turn of the sweep now
// freezes a table whose ids passed a bound, any table of the database, the oldest first, in its
// one VACUUM (docs/decisions/0381). A bound of a few hundred transactions here, and transactions
// spent one a statement (`txid_current()` gives each its own).
const BOUND = 200;
let db: Db;

beforeAll(async () => {
  db = await openDb({});
}, 60_000);
afterAll(async () => db?.close());

// `swept`: a swept table, its rows gone by use; `orders`: one the sweep never purges.
const TABLES: SweptTable[] = [{ name: 'swept' }];

async function table(name: string, rows: number) {
  await db.exec(`drop table if exists ${name};
    create table ${name} (id int primary key, body text not null)`);
  await db.query(
    `insert into ${name} select i, repeat('x', 100) from generate_series(1, $1::int) as i`,
    [rows],
  );
  await db.query(`vacuum ${name}`);
}

async function spend(transactions: number) {
  for (let i = 0; i < transactions; i++) await db.query('select txid_current()');
}

/** A turn of the sweep with the small bound: the VACUUMs it asked for, and what it says it did. */
async function turn(memory: SweepMemory) {
  const { vacuums, recording } = recordingVacuums(db);
  const { vacuumed, failures } = await sweepTurn(recording, TABLES, () => false, memory, BOUND);
  expect(failures).toEqual([]);
  return { vacuums, vacuumed };
}

/** Turns until none freezes: each one's VACUUMs, and the table it froze. */
async function freezeAll(memory = sweepMemory()) {
  const turns: { vacuums: string[]; table: string; before: number; after: number }[] = [];
  for (let i = 0; i < 500; i++) {
    const { vacuums, vacuumed } = await turn(memory);
    if (!vacuumed?.frozen) break;
    turns.push({ vacuums, table: vacuumed.table, ...vacuumed.frozen });
  }
  return turns;
}

beforeEach(async () => {
  await table('swept', 100);
  await table('orders', 100);
  // Whatever an earlier test left frozen is old again.
  await spend(2 * BOUND);
  // Each table vacuumed since the start: the turns below vacuum only what is due or old.
  await db.query('vacuum swept');
});

describe('a turn of the sweep on PGlite, past the freeze bound', () => {
  it('freezes the oldest table of the database, one a turn, until none is past the bound', async () => {
    expect(await databaseAge(db)).toBeGreaterThan(BOUND);
    const [oldest] = await tablesPast(db, BOUND);

    const turns = await freezeAll();
    // The oldest first, and its age as old as the database's.
    expect(turns[0]).toMatchObject({ table: oldest!.table, before: oldest!.age });
    for (const { vacuums, table, after } of turns) {
      expect(vacuums).toEqual([`vacuum (freeze) ${table}`]);
      expect(after).toBeLessThan(BOUND);
    }
    const befores = turns.map((frozen) => frozen.before);
    expect(befores).toEqual([...befores].sort((a, b) => b - a));
    // Every table of the database: the platform's, swept or not, and PostgreSQL's catalogs,
    // whose ages hold the database's as much.
    const frozen = turns.map((frozen) => frozen.table);
    expect(frozen).toEqual(expect.arrayContaining(['swept', 'orders', 'pg_class', 'pg_database']));
    expect(new Set(frozen).size).toBe(frozen.length);
    expect(await tableAge(db, 'orders')).toBeLessThan(BOUND);
    expect(await tablesPast(db, BOUND)).toEqual([]);
    expect(await databaseAge(db)).toBeLessThan(BOUND);
    // Then nothing more, until the ids grow old again.
    expect((await turn(sweepMemory())).vacuums).toEqual([]);
  });

  it('freezes a due table past the bound in its own VACUUM, before older tables', async () => {
    await db.query('delete from swept where id <= 50');
    const { vacuums, vacuumed } = await turn(sweepMemory());
    expect(vacuums).toEqual(['vacuum (freeze) swept']);
    expect(vacuumed).toMatchObject({ table: 'swept', dead: 50, frozen: { after: 0 } });
  });

  it('takes turns with a due VACUUM: neither waits more than a turn for the other', async () => {
    // A table made since the ids were spent: due, and not past the bound.
    await table('swept', 100);
    await db.query('delete from swept where id <= 50');
    const memory = sweepMemory();
    const first = await turn(memory);
    expect(first.vacuumed?.frozen).toBeDefined();
    expect((await turn(memory)).vacuums).toEqual(['vacuum swept']);
    await db.query('delete from swept where id <= 80');
    expect((await turn(memory)).vacuumed?.frozen).toBeDefined();
    expect((await turn(memory)).vacuums).toEqual(['vacuum swept']);
    // Nothing due: the freezes go on, one a turn.
    const rest = await freezeAll(memory);
    expect(rest.length).toBeGreaterThan(10);
    expect(await databaseAge(db)).toBeLessThan(BOUND);
  });
});
