import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db, type Queryable } from '../../db/db';
import { migrate } from '../../db/migrate';
import { purgeExpiredFailures } from './failure-purge';
import { CEILING_WINDOW_SECONDS, FORGET_AFTER_SECONDS } from './lockout';

// The sweep's purge of sign-in failure counts (docs/decisions/0374): the expired rows go, found
// through the indexes of migration 029, where the purge read the whole table every minute. On
// PGlite with the platform's migrations and its prepared statements (a generic plan, ADR 0289),
// a day of counts: one per address over the last day, an e-mail's ceiling row over the last hour.
const WINDOWS = {
  forgetAfterSeconds: FORGET_AFTER_SECONDS,
  ceilingWindowSeconds: CEILING_WINDOW_SECONDS,
};
const ROWS = 10_000;
let db: Db;

beforeAll(async () => {
  db = await openDb({});
  await migrate(db);
  await db.query(
    `insert into tenants (id, host, origin, name, currency, locale)
     values ('t', 't.example', 'https://t.example', 'T', 'EUR', 'en')`,
  );
  // Idle from 0 to a day less a minute: nothing past its window yet.
  await db.query(
    `insert into sign_in_failures (tenant_id, email, source, attempts, updated_at)
     select 't', 'day' || i || '@example.com', 'address:198.51.100.' || (i % 250), 2,
       now() - make_interval(secs => i * ($2::int - 60) / $1::int)
     from generate_series(1, $1::int) as i`,
    [ROWS, FORGET_AFTER_SECONDS],
  );
  await db.query(
    `insert into sign_in_failures (tenant_id, email, source, attempts, updated_at)
     select 't', 'day' || i || '@example.com', '*', 2,
       now() - make_interval(secs => i * ($2::int - 60) / $1::int)
     from generate_series(1, $1::int) as i where i * ($2::int - 60) / $1::int < $3::int - 60`,
    [ROWS, FORGET_AFTER_SECONDS, CEILING_WINDOW_SECONDS],
  );
  // As the sweep leaves it: vacuumed, its size known to the planner (nothing analyzed).
  await db.query('vacuum sign_in_failures');
}, 60_000);
afterAll(async () => db?.close());

/** A count of `email` from `source`, idle `idleSeconds`, locked `lockedFor` more seconds. */
async function failure(email: string, source: string, idleSeconds: number, lockedFor = 0) {
  await db.query(
    `insert into sign_in_failures (tenant_id, email, source, attempts, updated_at, locked_until)
     values ('t', $1, $2, 9, now() - make_interval(secs => $3::int),
       case when $4::int <> 0 then now() + make_interval(secs => $4::int) end)`,
    [email, source, idleSeconds, lockedFor],
  );
}

const left = async () =>
  (
    await db.query<{ row: string }>(
      `select email || ' ' || source as row from sign_in_failures
       where email like '%@purge.example' order by 1`,
    )
  ).rows.map((row) => row.row);
const count = async () =>
  (await db.query<{ n: number }>('select count(*)::int as n from sign_in_failures')).rows[0]!.n;

describe('the purge of sign-in failure counts', () => {
  it('deletes exactly the counts past their window; a lock in force stays', async () => {
    const day = FORGET_AFTER_SECONDS;
    const hour = CEILING_WINDOW_SECONDS;
    await failure('a@purge.example', 'address:192.0.2.1', day + 60);
    await failure('a@purge.example', '*', hour + 60);
    await failure('a@purge.example', 'session:gone', day + 60);
    // Past the ceiling's hour, within a per-address day: kept.
    await failure('b@purge.example', 'address:192.0.2.2', hour + 60);
    await failure('b@purge.example', '*', hour - 60);
    // Past its day with a lock in force, and a lock over.
    await failure('c@purge.example', 'address:192.0.2.3', day + 60, 600);
    await failure('d@purge.example', 'address:192.0.2.4', day + 60, -60);
    const before = await count();

    expect(await purgeExpiredFailures(db, WINDOWS)).toBe(4);
    expect(await left()).toEqual([
      'b@purge.example *',
      'b@purge.example address:192.0.2.2',
      'c@purge.example address:192.0.2.3',
    ]);
    expect(await count()).toBe(before - 4);
  });

  it('reads the expired rows through the indexes of updated_at, not the whole table', async () => {
    const plans: string[] = [];
    // The purge's own statement, explained as the platform prepares it.
    const explaining: Queryable = {
      query: async (sql, params) => {
        const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
        plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
        return { rows: [] };
      },
    };
    await purgeExpiredFailures(explaining, WINDOWS);
    expect(plans).toHaveLength(1);
    expect(plans[0]).not.toMatch(/Seq Scan/);
    expect(plans[0]).toMatch(/Index Scan on sign_in_failures_ceiling_idle/);
    expect(plans[0]).toMatch(/Index Scan on sign_in_failures_idle/);
  });
});
