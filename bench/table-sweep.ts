import './lib/production';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadPlatformConfig } from '../platform/config';
import { openDb, type Db, type Queryable } from '../platform/db/db';
import { migrate } from '../platform/db/migrate';
import { sweepTable, type SweptTable } from '../platform/db/swept-table';
import { sweptTables } from '../platform/services/swept-tables';

// What the platform's minute sweep costs on PGlite (docs/decisions/0363), in a data directory as
// `npm start` runs it: each swept table filled to a busy shop's size, then rounds of a minute's
// changes (rows that came, rows whose time came or that a shopper deleted) each followed by the
// table's sweep, timed apart: the purge, the VACUUM. Then a sweep after a minute without changes,
// and, first, the catch-up of a grown refresh_tokens (every token since the shop opened, nine in
// ten past their time: the first start after the upgrade), the guest carts of the sessions that
// end with it included (0369). Not part of `npm run bench`:
// SESSIONS=1000000 npx tsx bench/table-sweep.ts.
const SESSION_ROWS = Number(process.env.SESSIONS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const report = JSON.stringify({
  checks: Array.from({ length: 12 }, (_, i) => ({ name: `check ${i}`, ok: i % 5 !== 0, ms: 40 })),
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131',
  javascript: true,
  clockSkewMs: 12,
  roundTripMs: 48,
});

type Load = {
  rows: number;
  /** A minute's changes. */
  perMinute: number;
  /** `n` rows from `from` on (live ones). */
  fill(db: Db, from: number, n: number): Promise<unknown>;
  /** `n` rows' time comes (or a shopper deletes them). */
  age(db: Db, n: number): Promise<unknown>;
};

const LOADS: Record<string, Load> = {
  refresh_tokens: {
    // 20,000 sessions a day, 3 tokens each (two renewals), kept 30 days and 6 minutes.
    rows: SESSION_ROWS,
    perMinute: 40,
    fill: (db, from, n) =>
      db.query(
        `insert into refresh_tokens (token_hash, family_id, tenant_id, principal_id, account_id,
           expires_at, used_at, successor)
         select md5('token' || i), md5('family' || (i / 3)), 'fresh', 'guest:' || (i / 3), null,
           now() + make_interval(secs => 60 + (i % 2592000)),
           case when i % 3 <> 2 then now() end, case when i % 3 <> 2 then repeat('s', 300) end
         from generate_series($1::int, $1::int + $2::int - 1) as i`,
        [from, n],
      ),
    age: (db, n) =>
      db.query(
        `update refresh_tokens set expires_at = now() - interval '1 hour' where token_hash in
           (select token_hash from refresh_tokens where expires_at > now() order by expires_at limit $1)`,
        [n],
      ),
  },
  cart_items: {
    // 10,000 open carts of 10 items; a minute: 20 orders placed (their carts emptied), 200 added.
    rows: 100_000,
    perMinute: 200,
    fill: (db, from, n) =>
      db.query(
        `insert into cart_items (uid, cart_uid, offering_id, quantity, by_case)
         select 'item' || i, 'cart' || (i / 10), 'offering' || (i % 10), 1 + i % 3, false
         from generate_series($1::int, $1::int + $2::int - 1) as i`,
        [from, n],
      ),
    age: (db, n) =>
      db.query(
        `delete from cart_items where cart_uid in (select distinct cart_uid from cart_items
           order by cart_uid limit $1)`,
        [n / 10],
      ),
  },
  carts: {
    // Guest carts, one for a session in three (made with the tokens, below); a minute: 10 merged
    // at sign-in whose time came. Those of sessions that end go in refresh_tokens' sweep.
    rows: 100_000,
    perMinute: 10,
    fill: (db, from, n) =>
      db.query(
        `insert into carts (uid, tenant_id, principal_id)
         select 'cart' || i, 'fresh', 'guest:cart' || i from generate_series($1::int, $1::int + $2::int - 1) as i`,
        [from, n],
      ),
    age: (db, n) =>
      db.query(
        `update carts set merged_at = now() - interval '1 day' where uid in
           (select uid from carts where merged_at is null order by uid limit $1)`,
        [n],
      ),
  },
  blink_reports: {
    rows: 50_000,
    perMinute: 10,
    fill: (db, from, n) =>
      db.query(
        `insert into blink_reports (cid, tenant_id, report)
         select md5('cid' || i), 'fresh', $3::jsonb from generate_series($1::int, $1::int + $2::int - 1) as i`,
        [from, n, report],
      ),
    age: (db, n) =>
      db.query(
        `update blink_reports set created_at = now() - interval '31 days' where cid in
           (select cid from blink_reports order by created_at, cid limit $1)`,
        [n],
      ),
  },
  cart_change_keys: {
    rows: 50_000,
    perMinute: 40,
    fill: (db, from, n) =>
      db.query(
        `insert into cart_change_keys (tenant_id, account_id, idempotency_key, request, answer)
         select 'fresh', 'account' || (i % 5000), md5('key' || i), md5('request' || i),
           '{"added": 3, "units": 7, "notAdded": [], "capped": []}'
         from generate_series($1::int, $1::int + $2::int - 1) as i`,
        [from, n],
      ),
    age: (db, n) =>
      db.query(
        `update cart_change_keys set created_at = now() - interval '2 days' where idempotency_key in
           (select idempotency_key from cart_change_keys order by created_at, idempotency_key limit $1)`,
        [n],
      ),
  },
  sign_in_failures: {
    rows: 20_000,
    perMinute: 40,
    fill: (db, from, n) =>
      db.query(
        `insert into sign_in_failures (tenant_id, email, source, attempts)
         select 'fresh', 'shopper' || i || '@example.com', 'address:198.51.100.' || (i % 250), 2
         from generate_series($1::int, $1::int + $2::int - 1) as i`,
        [from, n],
      ),
    age: (db, n) =>
      db.query(
        `update sign_in_failures set updated_at = now() - interval '2 days' where email in
           (select email from sign_in_failures order by updated_at, email limit $1)`,
        [n],
      ),
  },
};

/** One sweep, its purge and its VACUUM timed apart (ms). */
async function timedSweep(db: Db, table: SweptTable) {
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
  const deleted = await sweepTable({ query, exclusive: db.exclusive }, table);
  const total = performance.now() - t;
  return { deleted, purge: total - vacuum, vacuum };
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'table-sweep-'));
  const db = await openDb({ dataDir: dir });
  try {
    await migrate(db);
    await db.query(
      `insert into tenants (id, host, origin, name, currency, locale)
       values ('fresh', 'localhost', 'http://localhost:3000', 'Fresh', 'EUR', 'en')`,
    );
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
    const first = await timedSweep(db, swept('refresh_tokens'));
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
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
