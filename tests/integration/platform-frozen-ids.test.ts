import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPlatform } from '../../platform/app';
import type { Db } from '../../platform/db/db';
import { databaseAge, tableAge, tablesPast } from '../../platform/db/transaction-age';
import { startPlatform, type TestPlatform } from '../support/platform';

// PGlite has no autovacuum, and nothing froze old transaction ids there: a data directory that
// took writes for long enough would reach PostgreSQL's wraparound limit. The sweep now freezes,
// one table a turn, the oldest, any table whose ids passed a bound, and says so; a start past the
// bound is warned of (docs/decisions/0381). On a PostgreSQL server (project postgres) autovacuum
// does it: the sweep freezes nothing and warns of nothing. A bound of a few hundred transactions
// here, spent one a statement.
const BOUND = 200;
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
});
afterAll(async () => platform?.close());

type Line = { level: number; msg: string; [field: string]: unknown };

/**
 * Another platform on the same database with the small bound, whose start is a turn of the sweep:
 * its log lines and the VACUUMs it asked for, once `done` passes.
 */
async function sweepWithBound(done: (lines: Line[]) => unknown) {
  const lines: Line[] = [];
  const vacuums: string[] = [];
  const recording: Db = {
    ...platform.db,
    query: (sql, params) => {
      if (/^vacuum/i.test(sql)) vacuums.push(sql);
      return platform.db.query(sql, params);
    },
  };
  const again = await buildPlatform(
    recording,
    { ...platform.config, logLevel: 'info' },
    { freezeAge: BOUND, logStream: { write: (line) => lines.push(JSON.parse(line) as Line) } },
  );
  try {
    await again.ready();
    await vi.waitFor(() => done(lines), { timeout: 10_000, interval: 50 });
  } finally {
    // Its turn ends before it closes.
    await again.close();
  }
  return { lines, vacuums };
}

const keyKept = async (key: string) =>
  (await platform.db.query('select 1 from cart_change_keys where idempotency_key = $1', [key])).rows
    .length === 1;

describe('old transaction ids', () => {
  it('are frozen by the sweep on PGlite, the oldest table a turn; on a server, left to autovacuum', async () => {
    for (let i = 0; i < 2 * BOUND; i++) await platform.db.query('select txid_current()');
    expect(await databaseAge(platform.db)).toBeGreaterThan(BOUND);

    if (!platform.db.exclusive) {
      // A key past its day: once it is gone, the turn has purged every table and ends.
      await platform.db.query(
        `insert into cart_change_keys (tenant_id, account_id, idempotency_key, request, answer, created_at)
         values ('fresh', 'acc-fresh-demo', 'key-of-two-days-ago', 'digest', '{}', now() - interval '2 days')`,
      );
      const { lines, vacuums } = await sweepWithBound(async () =>
        expect(await keyKept('key-of-two-days-ago')).toBe(false),
      );
      expect(vacuums).toEqual([]);
      expect(lines.filter((line) => /frozen|freeze/.test(line.msg))).toEqual([]);
      return;
    }

    const [oldest] = await tablesPast(platform.db, BOUND);
    const { lines, vacuums } = await sweepWithBound((lines) =>
      expect(lines.map((line) => line.msg)).toContain(
        'retention: table frozen, its transaction ids past the bound',
      ),
    );
    expect(
      lines.find((line) => line.msg.startsWith('database: transaction ids older')),
    ).toMatchObject({ level: 40, bound: BOUND, age: expect.any(Number) });
    const frozen = lines.find((line) => line.msg.startsWith('retention: table frozen'));
    expect(frozen).toMatchObject({ level: 30, table: oldest!.table });
    expect(frozen!.ageBefore).toBeGreaterThanOrEqual(oldest!.age);
    expect(frozen!.ageAfter).toBeLessThan(BOUND);
    expect(await tableAge(platform.db, oldest!.table)).toBeLessThan(BOUND);
    // One table a turn.
    expect(vacuums).toEqual([`vacuum (freeze) ${oldest!.table}`]);
  });
});
