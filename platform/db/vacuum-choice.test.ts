import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db';
import { recordingVacuums } from '../../tests/support/vacuum-recording';
import { sweepTurn, type SweptTable } from './swept-table';
import { VACUUM_ROWS, VACUUM_SHARE } from './vacuum-choice';

// A turn of the sweep on PGlite vacuums one table at most, and only one worth it
// (docs/decisions/0374): before, every swept table was vacuumed every minute, each VACUUM a stall
// for every request behind it. Tables of their own, their rows gone by use (no purge): how much
// went is PostgreSQL's own count.
let db: Db;
const TABLES = ['first', 'second', 'third'];
const BY_USE: SweptTable[] = TABLES.map((name) => ({ name }));

beforeAll(async () => {
  db = await openDb({});
}, 60_000);
afterAll(async () => db?.close());
beforeEach(async () => {
  for (const name of TABLES)
    await db.exec(`drop table if exists ${name};
      create table ${name} (id int primary key, body text not null)`);
});

async function fill(table: string, rows: number) {
  await db.query(
    `insert into ${table} select i, repeat('x', 100) from generate_series(1, $1::int) as i`,
    [rows],
  );
}
/** The rows of `table` with an id up to `last` go. */
const remove = (table: string, last: number) =>
  db.query(`delete from ${table} where id <= $1`, [last]);

// PGlite's clock counts milliseconds, and the order of the tables' last VACUUMs is what the turn
// goes by: each VACUUM here is given a millisecond of its own.
const aMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));

async function vacuum(table: string) {
  await aMillisecond();
  await db.query(`vacuum ${table}`);
  await aMillisecond();
}

/** The turn's VACUUMs, as asked of the database. */
async function turn() {
  await aMillisecond();
  const { vacuums, recording } = recordingVacuums(db);
  const { vacuumed } = await sweepTurn(recording, BY_USE);
  await aMillisecond();
  return { vacuums, vacuumed: vacuumed?.table ?? null };
}

/** Each table filled with `rows` and vacuumed, as a sweep leaves it. */
async function filledAndVacuumed(rows: number) {
  for (const name of TABLES) {
    await fill(name, rows);
    await vacuum(name);
  }
}

describe('the VACUUM of a turn of the sweep', () => {
  it('is of the one table due: a share of it went; none where little went', async () => {
    await filledAndVacuumed(1_000);
    await remove('second', 500);
    await remove('third', VACUUM_SHARE * 1_000 - 1);

    expect(await turn()).toEqual({ vacuums: ['vacuum second'], vacuumed: 'second' });
    // The next turn: nothing due, and each table vacuumed already.
    expect(await turn()).toEqual({ vacuums: [], vacuumed: null });
    await remove('third', VACUUM_SHARE * 1_000);
    expect(await turn()).toEqual({ vacuums: ['vacuum third'], vacuumed: 'third' });
  });

  it('is of a large table once a count of its rows went, under its share', async () => {
    const rows = 20 * VACUUM_ROWS;
    await filledAndVacuumed(rows);
    await remove('first', VACUUM_ROWS - 1);
    expect((await turn()).vacuumed).toBeNull();
    await remove('first', VACUUM_ROWS);
    expect((await turn()).vacuumed).toBe('first');
  });

  it('takes the table due that was vacuumed longest ago, one a turn: none waits for ever', async () => {
    await filledAndVacuumed(100);
    // The second vacuumed last: the first and third have waited longer.
    await vacuum('second');
    for (const name of TABLES) await remove(name, 50);

    expect((await turn()).vacuumed).toBe('first');
    await remove('first', 80);
    expect((await turn()).vacuumed).toBe('third');
    expect((await turn()).vacuumed).toBe('second');
    expect((await turn()).vacuumed).toBe('first');
    expect((await turn()).vacuumed).toBeNull();
  });

  it('is of a table not vacuumed since the start when none is due, once each', async () => {
    // The counts start again at each start of PGlite: what went before is not counted.
    for (const name of TABLES) await fill(name, 100);

    expect((await turn()).vacuumed).toBe('first');
    expect((await turn()).vacuumed).toBe('second');
    await remove('first', 60);
    // A table due goes before the catch-up.
    expect((await turn()).vacuumed).toBe('first');
    expect((await turn()).vacuumed).toBe('third');
    expect((await turn()).vacuumed).toBeNull();
  });
});
