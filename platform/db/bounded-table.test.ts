import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db';
import { PRUNE_BATCH, pruneTable, pruner, type BoundedTable } from './bounded-table';
import { VACUUM_SHARE } from './vacuum-choice';
import { recordingVacuums } from '../../tests/support/vacuum-recording';

// A bounded table (docs/decisions/0359) on PGlite, with the analytics inbox's own migration: what
// a prune deletes, that the deleted rows' space is used again (PGlite has no autovacuum), and
// when it is vacuumed (docs/decisions/0387, 0395).
const TABLE: BoundedTable = { name: 'analytics_events', time: 'received_at' };
let db: Db;

beforeEach(async () => {
  db = await openDb({});
  await db.exec(
    readFileSync(new URL('../migrations/021_analytics_events.sql', import.meta.url), 'utf8'),
  );
}, 60_000);
afterEach(async () => db?.close());

/** `n` events received `daysAgo` days ago, each with `bytes` of params that do not compress. */
async function insert(n: number, { daysAgo = 0, bytes = 10 } = {}): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into analytics_events (name, params, received_at)
     select 'page_view', jsonb_build_object('p', $2::text || i), now() - make_interval(days => $3)
     from generate_series(1, $1::int) as i
     returning id::float8 as id`,
    [n, randomBytes(bytes).toString('base64'), daysAgo],
  );
  return Math.max(...rows.map((row) => row.id));
}
const count = async () =>
  (await db.query<{ n: number }>('select count(*)::int as n from analytics_events')).rows[0]!.n;
const ids = async () =>
  (
    await db.query<{ id: number }>('select id::float8 as id from analytics_events order by id')
  ).rows.map((row) => row.id);

describe('pruning a bounded table', () => {
  it('keeps the newest rows by count', async () => {
    await insert(25);
    expect(await pruneTable(db, TABLE, { keep: 10, days: 7 })).toBe(15);
    expect(await ids()).toEqual(Array.from({ length: 10 }, (_, i) => 16 + i));
  });

  it('deletes the rows past their days, more than one batch of them', async () => {
    await insert(2 * PRUNE_BATCH + 5, { daysAgo: 8 });
    await insert(3);
    expect(await pruneTable(db, TABLE, { keep: 1_000_000, days: 7 })).toBe(2 * PRUNE_BATCH + 5);
    expect(await ids()).toHaveLength(3);
    // None within their days: all go.
    await db.query(`update analytics_events set received_at = now() - interval '8 days'`);
    expect(await pruneTable(db, TABLE, { keep: 1_000_000, days: 7 })).toBe(3);
  });

  const size = async () =>
    Number(
      (await db.query<{ size: string }>(`select pg_table_size('analytics_events') as size`))
        .rows[0]!.size,
    );
  const failOnError = (error: unknown) => {
    throw error;
  };

  it('uses the deleted rows space again: the file stays the size of what is kept', async () => {
    const bounded = pruner(db, TABLE, { keep: 50, days: 7 }, failOnError);
    let early = 0;
    for (let round = 1; round <= 60; round++) {
      await bounded.inserted(await insert(50, { bytes: 1500 }));
      if (round === 5) early = await size();
    }
    expect(await ids()).toHaveLength(50);
    // Without a VACUUM, 60 rounds of 50 rows of 2 KB took 11 times the space of 5 rounds.
    expect(await size()).toBeLessThan(2 * early);
  });

  /** The pruner on a database that records each VACUUM asked of it. */
  const recorded = (keep: number) => {
    const { vacuums, recording } = recordingVacuums(db);
    return { vacuums, bounded: pruner(recording, TABLE, { keep, days: 7 }, failOnError) };
  };

  it('vacuums once a share of what it keeps went, as the sweep does: not after every prune', async () => {
    await insert(1_000);
    await db.query('vacuum analytics_events');
    // Before, every prune that deleted was followed by a VACUUM, each a stall of PGlite.
    const { vacuums, bounded } = recorded(1_000);
    await insert(VACUUM_SHARE * 1_000 - 1);
    expect(await bounded.prune()).toBe(VACUUM_SHARE * 1_000 - 1);
    expect(vacuums).toEqual([]);
    await insert(1);
    expect(await bounded.prune()).toBe(1);
    expect(vacuums).toEqual(['vacuum analytics_events']);
    expect(await ids()).toHaveLength(1_000);
  });

  it('at its bound holds at most a tenth of it over (1,000 rows at most), a VACUUM a prune', async () => {
    // Larger, rarer prunes were measured and left (docs/decisions/0395): a prune of 1,000 rows is
    // vacuumed at once, and cheaply while it stays under 2 % of the table's pages (PostgreSQL then
    // leaves its indexes alone). These are the steady state's promises: the most rows, and the
    // VACUUMs of 5,000 rows past the bound.
    const keep = 10_000;
    const { vacuums, bounded } = recorded(keep);
    let most = 0;
    let full = 0;
    for (let written = 0; written < keep + 6_000; written += 100) {
      const id = await insert(100);
      most = Math.max(most, await count());
      // The first prune of 1,000 rows is the one at 11,100: count from there.
      if (id === keep + 1_000) full = vacuums.length;
      await bounded.inserted(id);
    }
    expect(most).toBe(keep + 1_000);
    expect(vacuums.length - full).toBe(5);
    expect(await count()).toBe(keep + 900);
  }, 60_000);

  it('gives the disk back when it deleted more than it keeps (a grown table, a lowered bound)', async () => {
    await insert(2_000, { bytes: 1500 });
    const grown = await size();
    const bounded = pruner(db, TABLE, { keep: 50, days: 7 }, failOnError);
    expect(await bounded.prune()).toBe(1_950);
    // A plain VACUUM marks the space free and leaves the file as it was.
    expect(await size()).toBeLessThan(grown / 10);
  });
});
