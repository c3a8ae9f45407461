import './lib/production';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadPlatformConfig } from '../platform/config';
import { openDb, type Db, type Queryable } from '../platform/db/db';
import { migrate } from '../platform/db/migrate';
import { runSeeds } from '../platform/seed/index';
import { sweepTurn, type SweptTable } from '../platform/db/swept-table';
import { sweepMemory } from '../platform/db/vacuum-choice';
import { sweptTables } from '../platform/services/swept-tables';
import { freezeCheck, freezeTurns } from './lib/freeze-turns';
import { watchLoopGaps } from './lib/loop-gaps';
import { tableLoads } from './lib/table-loads';

// What the platform's minute sweep costs on PGlite (docs/decisions/0363), in a data directory as
// `npm start` runs it: each swept table filled to a busy shop's size, then rounds of a minute's
// changes (rows that came, rows whose time came or that a shopper deleted) each followed by the
// table's purge and a VACUUM of it, timed apart (what a turn costs when the table is the one it
// vacuums). Then a VACUUM after a minute without changes, and, first, the catch-up of a grown
// refresh_tokens (every token since the shop opened, nine in ten past their time: the first start
// after the upgrade), the guest carts of the sessions that end with it included (0369). Last, the
// minute's turns as the platform runs them over every swept table, with the longest the event loop
// was held in each (0374), and the freezes of every table of the (seeded) database, a turn each,
// twice: the first, and again after a minute's changes (0381). Not part of `npm run bench`:
// SESSIONS=1000000 npx tsx bench/table-sweep.ts.
const SESSION_ROWS = Number(process.env.SESSIONS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const TURNS = Number(process.env.TURNS ?? 30);
const LOADS = tableLoads(SESSION_ROWS);

/** A table's purge, then a VACUUM of it, timed apart (ms). */
async function timedSweep(db: Db, table: SweptTable) {
  let t = performance.now();
  const deleted = (await table.purge?.(db, () => false)) ?? 0;
  const purge = performance.now() - t;
  t = performance.now();
  await db.query(`vacuum ${table.name}`);
  return { deleted, purge, vacuum: performance.now() - t };
}

/** A turn of the sweep over one table, its VACUUMs timed apart from the rest (ms). */
async function timedTurn(db: Db, table: SweptTable) {
  let vacuum = 0;
  const query: Queryable['query'] = async (sql, params) => {
    const t = performance.now();
    try {
      return await db.query(sql, params);
    } finally {
      if (/^vacuum/.test(sql)) vacuum += performance.now() - t;
    }
  };
  const t = performance.now();
  const turn = await sweepTurn({ query, exclusive: db.exclusive }, [table]);
  const total = performance.now() - t;
  return { deleted: turn.deleted.get(table.name) ?? 0, purge: total - vacuum, vacuum };
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * The platform's minute as it runs it: each loaded table's minute of changes, then one turn of
 * the sweep over every swept table (retention-sweep.ts). Its longest stall: the longest the event
 * loop was held meanwhile, which a request that came then waited.
 */
async function minuteTurns(db: Db, tables: SweptTable[]) {
  const turns: { ms: number; stall: number; vacuumed: Set<string> }[] = [];
  const memory = sweepMemory();
  let next = 30_000_000;
  for (let round = 0; round < TURNS; round++) {
    for (const load of Object.values(LOADS)) {
      await load.age(db, load.perMinute);
      await load.fill(db, next, load.perMinute);
    }
    next += 1_000;
    const vacuumed = new Set<string>();
    const query: Queryable['query'] = (sql, params) => {
      if (/^vacuum/.test(sql)) vacuumed.add(sql.split(' ').at(-1)!);
      return db.query(sql, params);
    };
    const gaps = watchLoopGaps();
    const t = performance.now();
    await sweepTurn({ query, exclusive: db.exclusive }, tables, () => false, memory);
    turns.push({ ms: performance.now() - t, stall: gaps.stop(), vacuumed });
  }
  const of = (pick: (turn: (typeof turns)[number]) => number) => turns.map(pick);
  const each = turns.map(({ stall, vacuumed }) => {
    const what = vacuumed.size > 1 ? `${vacuumed.size} tables` : [...vacuumed][0];
    return `${stall.toFixed(1)}${what ? ` (${what})` : ''}`;
  });
  console.log(
    `a minute's turn over the ${tables.length} swept tables (${TURNS} turns): ` +
      `${ms(median(of((turn) => turn.ms)))} (longest ${ms(Math.max(...of((turn) => turn.ms)))}), ` +
      `longest stall ${ms(median(of((turn) => turn.stall)))} (longest ` +
      `${ms(Math.max(...of((turn) => turn.stall)))}); each turn's longest stall, ms (its VACUUM): ` +
      each.join(', '),
  );
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'table-sweep-'));
  const db = await openDb({ dataDir: dir });
  try {
    await migrate(db);
    // The shop's own data as `npm start` seeds it (its tenant 'fresh' among them).
    await runSeeds(db);
    // The rows are made here, not through the services: no carts, offerings or accounts behind them.
    await db.query('set session_replication_role = replica');
    const tables = sweptTables(loadPlatformConfig({}));
    const swept = (name: string) => tables.find((table) => table.name === name)!;

    // The first sweep after the upgrade: every token since the shop opened, nine in ten past.
    const load = LOADS.refresh_tokens!;
    let t = performance.now();
    await load.fill(db, 0, load.rows);
    await db.query(
      `update refresh_tokens set expires_at = now() - interval '40 days'
       where ('x' || substr(token_hash, 1, 2))::bit(8)::int < 230`,
    );
    // A guest cart for one session in three (docs/decisions/0369): the sweep deletes those whose
    // session's last token goes.
    await db.query(
      `insert into carts (uid, tenant_id, principal_id)
       select 'session' || s, 'fresh', 'guest:' || s from generate_series(0, $1::int / 3, 3) as s`,
      [load.rows],
    );
    await db.query('vacuum refresh_tokens');
    console.log(`refresh_tokens: ${load.rows} rows made in ${ms(performance.now() - t)}`);
    const carts = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from carts')).rows[0]!.n;
    const cartsBefore = await carts();
    t = performance.now();
    const first = await timedTurn(db, swept('refresh_tokens'));
    console.log(
      `  first sweep: ${first.deleted} deleted (and ${cartsBefore - (await carts())} of ` +
        `${cartsBefore} guest carts), purge ${ms(first.purge)}, VACUUM (FULL) ${ms(first.vacuum)}`,
    );

    for (const [name, table] of Object.entries(LOADS)) {
      const have = (await db.query<{ n: number }>(`select count(*)::int as n from ${name}`))
        .rows[0]!.n;
      if (have < table.rows) await table.fill(db, 10_000_000, table.rows - have);
      await db.query(`vacuum ${name}`);
      const size = (
        await db.query<{ size: string }>(`select pg_total_relation_size('${name}') as size`)
      ).rows[0]!.size;
      const purges: number[] = [];
      const vacuums: number[] = [];
      let next = 20_000_000;
      for (let round = 0; round < ROUNDS; round++) {
        await table.age(db, table.perMinute);
        await table.fill(db, next, table.perMinute);
        next += table.perMinute;
        const sweep = await timedSweep(db, swept(name));
        purges.push(sweep.purge);
        vacuums.push(sweep.vacuum);
      }
      const idle: number[] = [];
      for (let round = 0; round < ROUNDS; round++)
        idle.push((await timedSweep(db, swept(name))).vacuum);
      // A VACUUM leaves the indexes alone while the deleted rows sit on under 2 % of the pages
      // (PostgreSQL's bypass); past that it reads every index of the table once.
      await table.age(db, table.perMinute);
      await swept(name).purge?.(db, () => false);
      t = performance.now();
      await db.query(`vacuum (index_cleanup on) ${name}`);
      const indexes = performance.now() - t;
      console.log(
        `${name}: ${table.rows} rows, ${(Number(size) / 1e6).toFixed(1)} MB; a minute's ` +
          `${table.perMinute} changed: purge ${ms(median(purges))}, VACUUM ${ms(median(vacuums))} ` +
          `(median of ${ROUNDS}, longest ${ms(Math.max(...vacuums))}), with its indexes ` +
          `${ms(indexes)}; nothing changed: VACUUM ${ms(median(idle))}`,
      );
    }
    await minuteTurns(db, tables);
    await freezeCheck(db);
    await freezeTurns(db, tables, 'the first freezes');
    for (const load of Object.values(LOADS)) {
      await load.age(db, load.perMinute);
      await load.fill(db, 40_000_000, load.perMinute);
    }
    await freezeTurns(db, tables, "after a minute's changes");
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
