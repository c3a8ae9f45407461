import './lib/production';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildPlatform } from '../platform/app';
import { loadPlatformConfig } from '../platform/config';
import {
  pruner,
  PRUNE_BATCH,
  type BoundedTable,
  type Retention,
} from '../platform/db/bounded-table';
import { openDb, type Db, type Queryable } from '../platform/db/db';
import { migrate } from '../platform/db/migrate';
import { runSeeds } from '../platform/seed/index';
import { fingerprintOf } from '../platform/services/observability/fingerprint';
import { fillFingerprints } from '../platform/services/observability/inbox-groups';
import { browserEvent, gatewayEvent, searchPage } from './lib/inbox-rows';
import { watchLoopGaps } from './lib/loop-gaps';
import { growingInbox } from './lib/growing-inbox';

// What the platform's development inboxes cost as they grow (docs/decisions/0359): the bytes of a
// row of each, and the time of each listing a developer opens (through the platform's routes, on
// PGlite in a data directory, as `npm start` runs it) at ROWS rows. The rows are written in bulk
// by SQL, shaped as the real ones: an error event as the gateway sends it (a failed upstream
// call, 2.4 KB of JSON), a browser's exception with its stack, analytics events as a search
// page's (page_view, search, view_item_list of 24 products), e-mails as uaa's. Then, at the
// largest size, what pruning to the default bounds costs: a first prune (the catch-up after an
// upgrade), its longest statement, and a prune as the inboxes run (a tenth of the bound over: the
// first VACUUM of a table filled in bulk, which reads every page); what filling the error
// reports' fingerprints costs at the bound (the first start after migration 026, docs/decisions/
// 0362); last, each inbox emptied and written again to its bound and STEADY rows more (30,000
// unless told) as the platform writes it: its prunes' VACUUMs as it grows and once full, their
// stalls, the most rows held (bench/lib/growing-inbox.ts, docs/decisions/0395).
// Not part of `npm run bench`: ROWS=100000,1000000 npx tsx bench/inbox-growth.ts.
const SIZES = (process.env.ROWS ?? '100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_ROUNDS ?? 7);
const STEADY = Number(process.env.STEADY ?? 30_000);

async function fill(db: Db, rows: number): Promise<void> {
  const batch = 50_000;
  for (let from = 0; from < rows; from += batch) {
    const to = Math.min(rows, from + batch) - 1;
    // Nine error events in ten are the gateway's (20 kinds of message), one is a browser's.
    await db.query(
      `insert into error_events (project_id, event_id, level, message, cid, tenant, route,
         user_login, user_email, platform, payload, fingerprint)
       select '1', md5(i::text), 'error',
         case when i % 10 = 0 then 'TypeError: Cannot read' else 'Failure ' || (i % 20) end,
         md5('cid' || i), 'fresh', 'home', 'shopper@example.com', 'shopper@example.com',
         case when i % 10 = 0 then 'javascript' else 'node' end,
         jsonb_set(case when i % 10 = 0 then $3::jsonb else $4::jsonb end,
                   '{tags,cid}', to_jsonb(md5('cid' || i))),
         case when i % 10 = 0 then $5 else $6 end
       from generate_series($1::int, $2::int) as i`,
      [
        from,
        to,
        JSON.stringify(browserEvent),
        JSON.stringify(gatewayEvent),
        fingerprintOf(browserEvent),
        fingerprintOf(gatewayEvent),
      ],
    );
    await db.query(
      `insert into analytics_events (name, cid, tenant, page, params)
       select ($3::jsonb -> (i % 3)) ->> 'name', md5('cid' || (i / 3)), 'fresh', '/search/milk',
         ($3::jsonb -> (i % 3)) -> 'params'
       from generate_series($1::int, $2::int) as i`,
      [from, to, JSON.stringify(searchPage)],
    );
    await db.query(
      `insert into outbox (tenant_id, to_email, kind, subject, body, link)
       select 'fresh', 'shopper' || i || '@example.com', 'activation', 'Activate your Fresh account',
         'Welcome to Fresh. Activate your account: http://localhost:3000/profile/activation/' || md5(i::text) || E'\n',
         'http://localhost:3000/profile/activation/' || md5(i::text)
       from generate_series($1::int, $2::int) as i`,
      [from, to],
    );
  }
}

async function bytesPerRow(db: Db, table: string): Promise<number> {
  const { rows } = await db.query<{ size: string; n: string }>(
    `select pg_total_relation_size('${table}') as size, (select count(*) from ${table}) as n`,
  );
  return Math.round(Number(rows[0]!.size) / Number(rows[0]!.n));
}

/** The database, timing each statement: its VACUUMs apart, by what each was. */
function timed(db: Db) {
  const statements: number[] = [];
  const vacuums: string[] = [];
  const query: Queryable['query'] = async (sql, params) => {
    const t = performance.now();
    try {
      return await db.query(sql, params);
    } finally {
      const ms = performance.now() - t;
      if (/^vacuum/.test(sql))
        vacuums.push(`${sql.split(' ').slice(0, -1).join(' ')} ${ms.toFixed(0)} ms`);
      else statements.push(ms);
    }
  };
  return { db: { query, exclusive: db.exclusive }, statements, vacuums };
}

const COLUMNS = {
  error_events:
    'project_id, event_id, level, message, cid, tenant, route, user_login, user_email, platform, payload, fingerprint',
  analytics_events: 'name, cid, tenant, page, params',
  outbox: 'tenant_id, to_email, kind, subject, body, link',
};

/**
 * A prune as the platform runs it (with PGlite's VACUUM when due, ADR 0387): rows, milliseconds,
 * statements; the longest stall (the longest the event loop was held meanwhile).
 */
async function timedPrune(db: Db, table: BoundedTable, retention: Retention): Promise<string> {
  const { db: q, statements, vacuums } = timed(db);
  const gaps = watchLoopGaps();
  const t = performance.now();
  const deleted = await pruner(q, table, retention, (error) => {
    throw error;
  }).prune();
  const total = performance.now() - t;
  const stall = gaps.stop();
  return (
    `${deleted} rows in ${total.toFixed(0)} ms (${statements.length} statements, the longest ` +
    `${Math.max(...statements).toFixed(0)} ms; ${vacuums.join(', ') || 'no VACUUM'}; ` +
    `longest stall ${stall.toFixed(0)} ms)`
  );
}

/** The three inboxes and their default bounds. */
function boundedTables(): [BoundedTable, Retention][] {
  const config = loadPlatformConfig({});
  return [
    [{ name: 'error_events', time: 'received_at' }, config.errorInboxRetention],
    [{ name: 'analytics_events', time: 'received_at' }, config.analyticsInboxRetention],
    [{ name: 'outbox', time: 'created_at' }, config.outboxRetention],
  ];
}

async function measurePrunes(db: Db): Promise<void> {
  const tables = boundedTables();
  console.log(`\npruning to the default bounds (${PRUNE_BATCH} rows a statement)`);
  for (const [table, retention] of tables) {
    console.log(`  ${table.name}: first prune ${await timedPrune(db, table, retention)}`);
    // As the inbox runs: a tenth of the bound (at most 1,000) more, then the prune that follows.
    const columns = COLUMNS[table.name];
    await db.query(
      `insert into ${table.name} (${columns})
       select ${columns} from ${table.name} order by id desc limit $1`,
      [Math.min(1_000, Math.ceil(retention.keep / 10))],
    );
    // Its VACUUM is the table's first since the bulk fill: it reads every page (none yet marked
    // all-visible; the inbox running as the platform runs it is the last section's).
    console.log(`  ${table.name}: then ${await timedPrune(db, table, retention)}`);
  }
}

/** Each inbox from empty to its default bound and STEADY rows past it, through its pruner. */
async function growingInboxes(db: Db): Promise<void> {
  console.log('\nfrom empty to the default bounds and on');
  for (const [table, retention] of boundedTables()) {
    const line = await growingInbox(db, table, retention, COLUMNS[table.name], STEADY);
    console.log(`  ${table.name}: ${line}`);
  }
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'inbox-growth-'));
  const db = await openDb({ dataDir: dir });
  await migrate(db);
  await runSeeds(db, ['core']);
  // Bounds it never reaches: the tables grow here, and are pruned by measurePrunes alone.
  const config = loadPlatformConfig({
    LOG_LEVEL: 'silent',
    PLATFORM_DEV_ENDPOINTS: 'true',
    PLATFORM_ERROR_INBOX_KEEP: '10000000',
    PLATFORM_ANALYTICS_KEEP: '10000000',
    PLATFORM_OUTBOX_KEEP: '10000000',
  });
  const app = await buildPlatform(db, config);
  const listings = {
    'errors (100, groups of 5,000)': '/dev/errors',
    'errors ?cid=': `/dev/errors?cid=${'c'.repeat(32)}`,
    'analytics (100)': '/dev/analytics',
    'analytics ?cid=': `/dev/analytics?cid=${'c'.repeat(32)}`,
    'outbox (50)': '/dev/outbox',
    'outbox ?to=': '/dev/outbox?to=nobody@example.com',
  };
  const list = async () => {
    for (const [label, url] of Object.entries(listings)) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const t = performance.now();
        const response = await app.inject({ url, headers: { accept: 'application/json' } });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
        times.push(performance.now() - t);
      }
      console.log(`  GET ${label}: median ${median(times).toFixed(1)} ms of ${RUNS}`);
    }
  };
  let filled = 0;
  try {
    for (const size of SIZES) {
      const started = performance.now();
      await fill(db, size - filled);
      filled = size;
      console.log(
        `\n${size} rows each (filled in ${Math.round((performance.now() - started) / 1000)} s)`,
      );
      for (const table of ['error_events', 'analytics_events', 'outbox'])
        console.log(`  ${table}: ${await bytesPerRow(db, table)} bytes a row, indexes included`);
      await list();
    }
    await measurePrunes(db);
    console.log('\nat the default bounds');
    await list();
    // As stored before migration 026: no fingerprints; the platform's start fills them.
    await db.query('update error_events set fingerprint = null');
    const t = performance.now();
    const fingerprinted = await fillFingerprints(db);
    console.log(
      `  error_events: fingerprints filled for ${fingerprinted} reports in ${(performance.now() - t).toFixed(0)} ms`,
    );
    await growingInboxes(db);
  } finally {
    await app.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
