import Fastify, { type FastifyInstance } from 'fastify';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../db/db';
import type { SweptTable } from '../db/swept-table';
import { keepBounded, keepSwept } from './retention-sweep';

// PGlite is one thread: while a statement of the sweep runs, a request that comes waits, and
// before, the sweep's statements followed one another without a turn of the event loop, so a
// request waited for the whole of it: every purge and every VACUUM. Now each statement of the
// sweep waits for a turn first, and the requests read in it go before (docs/decisions/0374).
let db: Db;

beforeAll(async () => {
  db = await openDb({});
  await db.exec(`create table items (id int primary key, created_at timestamptz not null);
    create table notes (id int primary key)`);
  await db.exec(
    readFileSync(new URL('../migrations/021_analytics_events.sql', import.meta.url), 'utf8'),
  );
  await db.query(
    `insert into items select i, now() - make_interval(days => i % 3) from generate_series(1, 300) as i`,
  );
}, 60_000);
afterAll(async () => db?.close());

const TABLES: SweptTable[] = [
  {
    name: 'items',
    purge: async (q) => {
      const { rows } = await q.query<{ n: number }>(
        `with gone as (delete from items where created_at < now() - interval '1 day' returning 1)
         select count(*)::int as n from gone`,
      );
      return rows[0]!.n;
    },
  },
  { name: 'notes' },
];

/**
 * What was asked of the database, in order, when a request comes as the platform's sweeps start:
 * `watch` registers them on the platform, with the database as given.
 */
async function requestDuringSweep(watch: (platform: FastifyInstance, db: Db) => void) {
  const asked: string[] = [];
  const recording: Db = {
    ...db,
    query: (sql, params) => {
      asked.push(sql.includes("'request'") ? 'request' : 'sweep');
      return db.query(sql, params);
    },
  };
  const shop = Fastify();
  shop.get('/', async () => (await recording.query(`select 'request' as said`)).rows[0]);
  await shop.listen({ port: 0, host: '127.0.0.1' });
  const sweeper = Fastify();
  watch(sweeper, recording);
  try {
    const socket = connect((shop.server.address() as AddressInfo).port, '127.0.0.1');
    await once(socket, 'connect');
    const answer: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => answer.push(chunk));
    // The sweep starts when the platform is ready; the request comes as it runs.
    await sweeper.ready();
    socket.write('GET / HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n');
    await once(socket, 'end');
    expect(Buffer.concat(answer).toString()).toMatch(/^HTTP\/1\.1 200 [\s\S]*"said":"request"/);
  } finally {
    await sweeper.close();
    await shop.close();
  }
  return asked;
}

const count = async (table: string) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

describe('the sweep on PGlite', () => {
  it('lets a request that came during one of its statements go before the next', async () => {
    const asked = await requestDuringSweep((platform, recording) =>
      keepSwept(platform, recording, TABLES),
    );
    expect(asked.filter((step) => step === 'sweep').length).toBeGreaterThan(2);
    expect(asked.indexOf('request')).toBeLessThan(asked.lastIndexOf('sweep'));
    // Its purge went on.
    expect(await count('items')).toBe(100);
  });
});

// A bounded table's prune was the same: its batches and its VACUUM followed one another without a
// turn of the event loop. Now its statements wait for one as the sweep's do (docs/decisions/0387).
describe('a bounded table on PGlite', () => {
  it('lets a request that came during its prune go before its next statement', async () => {
    await db.query(
      `insert into analytics_events (name, params) select 'page_view', '{}' from generate_series(1, 300)`,
    );
    const table = { name: 'analytics_events', time: 'received_at' } as const;
    const asked = await requestDuringSweep((platform, recording) => {
      keepBounded(platform, recording, table, { keep: 100, days: 7 });
    });
    expect(asked.filter((step) => step === 'sweep').length).toBeGreaterThan(2);
    expect(asked.indexOf('request')).toBeLessThan(asked.lastIndexOf('sweep'));
    // Its prune went on.
    expect(await count('analytics_events')).toBe(100);
  });
});
