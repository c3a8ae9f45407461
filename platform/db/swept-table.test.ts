import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db, type Queryable } from './db';
import { sweepTable, type SweptTable } from './swept-table';

// A swept table (docs/decisions/0363) on PGlite, which has no autovacuum: the space of the rows
// deleted between two sweeps, by use or by age, is used again, and a purge that deleted more than
// the table keeps gives the disk back. A table of its own, shaped as a cart's items.
let db: Db;

beforeAll(async () => {
  db = await openDb({});
}, 60_000);
afterAll(async () => db?.close());
beforeEach(async () => {
  await db.exec(`drop table if exists items;
    create table items (
      id bigserial primary key, cart text not null, body text not null,
      created_at timestamptz not null default now());
    create index items_cart on items (cart, created_at);
    create index items_created on items (created_at)`);
});

/** `n` rows of `bytes` that do not compress, made `daysAgo` days ago. */
async function insert(n: number, { daysAgo = 0, bytes = 1500 } = {}) {
  await db.query(
    `insert into items (cart, body, created_at)
     select 'cart-' || (i % 10), $2::text || i, now() - make_interval(days => $3)
     from generate_series(1, $1::int) as i`,
    [n, randomBytes(bytes).toString('base64'), daysAgo],
  );
}
const size = async () =>
  Number(
    (await db.query<{ size: string }>(`select pg_total_relation_size('items') as size`)).rows[0]!
      .size,
  );
/** The table's file: a VACUUM FULL writes a new one. */
const file = async () =>
  (
    await db.query<{ file: number }>(
      `select relfilenode::int as file from pg_class where relname = 'items'`,
    )
  ).rows[0]!.file;
const count = async () =>
  (await db.query<{ n: number }>('select count(*)::int as n from items')).rows[0]!.n;

const BY_USE: SweptTable = { name: 'items' };
const BY_AGE: SweptTable = {
  name: 'items',
  purge: async (q: Queryable) => {
    const { rows } = await q.query<{ n: number }>(
      `with gone as (delete from items where created_at < now() - interval '7 days' returning 1)
       select count(*)::int as n from gone`,
    );
    return rows[0]!.n;
  },
};

describe('sweeping a table on PGlite', () => {
  it('uses the space of the rows deleted by use again: the file stays the size of what is kept', async () => {
    let early = 0;
    for (let round = 1; round <= 60; round++) {
      await insert(50);
      // What the shop does: the oldest cart's items go (checked out, removed).
      await db.query(`delete from items where id <= (select max(id) - 50 from items)`);
      expect(await sweepTable(db, BY_USE)).toBe(0);
      if (round === 5) early = await size();
    }
    expect(await count()).toBe(50);
    // Without the VACUUM, 60 rounds of 50 rows of 2 KB took 10 times the space of 5 rounds.
    expect(await size()).toBeLessThan(2 * early);
  });

  it('uses the space of the rows its purge deleted by age again', async () => {
    let early = 0;
    for (let round = 1; round <= 60; round++) {
      await db.query(`update items set created_at = now() - interval '8 days'`);
      await insert(50);
      expect(await sweepTable(db, BY_AGE)).toBe(round === 1 ? 0 : 50);
      if (round === 5) early = await size();
    }
    expect(await count()).toBe(50);
    expect(await size()).toBeLessThan(2 * early);
  });

  it('rewrites the table to what it keeps when its purge deleted more, giving the disk back', async () => {
    await insert(2_000, { daysAgo: 8 });
    await insert(50);
    const grown = await size();
    const before = await file();
    expect(await sweepTable(db, BY_AGE)).toBe(2_000);
    expect(await file()).not.toBe(before);
    // A plain VACUUM marks the space free and leaves the file as it was.
    expect(await size()).toBeLessThan(grown / 10);
  });

  it('keeps its file when its purge deleted less than it keeps (a plain VACUUM)', async () => {
    await insert(20, { daysAgo: 8 });
    await insert(50);
    const before = await file();
    expect(await sweepTable(db, BY_AGE)).toBe(20);
    expect(await file()).toBe(before);
    expect(await count()).toBe(50);
  });

  it('only purges on a PostgreSQL server: its autovacuum does the rest', async () => {
    await insert(20, { daysAgo: 8 });
    const asked: string[] = [];
    const server = {
      exclusive: false,
      query: ((sql: string, params?: readonly unknown[]) => {
        asked.push(sql);
        return db.query(sql, params);
      }) as Db['query'],
    };
    expect(await sweepTable(server, BY_AGE)).toBe(20);
    expect(await sweepTable(server, BY_USE)).toBe(0);
    expect(asked.filter((sql) => /vacuum/i.test(sql))).toEqual([]);
    expect(asked).toHaveLength(1);
  });

  it('stops after its purge when the platform closes', async () => {
    await insert(20, { daysAgo: 8 });
    const before = await file();
    expect(await sweepTable(db, BY_AGE, () => true)).toBe(20);
    expect(await file()).toBe(before);
  });
});
