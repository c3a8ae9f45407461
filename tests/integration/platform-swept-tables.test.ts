import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/services/uaa/refresh-tokens';
import { sweptTables } from '../../platform/services/swept-tables';
import { startPlatform, type TestPlatform } from '../support/platform';
import { sweepUntil } from '../support/platform-sweep';

// The platform sweeps every table its services delete rows from (docs/decisions/0363): the rows
// past their time go (refresh tokens and cart change keys here; blink reports and sign-in failure
// counts in their own files), and on PGlite, which has no autovacuum, a table is vacuumed so that
// the space of the rows deleted is used again: one a turn, when enough of it went (ADR 0374). On
// a PostgreSQL server (project postgres) nothing is vacuumed: autovacuum does it there.
const UAA = '/api/services/uaa/api/v1';
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
});
afterAll(async () => platform?.close());

const refresh = (refreshToken: string) =>
  platform.call(`${UAA}/auth/refresh`, { method: 'POST', body: { refresh_token: refreshToken } });
const tokenKept = async (refreshToken: string) =>
  (
    await platform.db.query('select 1 from refresh_tokens where token_hash = $1', [
      hashToken(refreshToken),
    ])
  ).rows.length === 1;
const keyKept = async (key: string) =>
  (await platform.db.query('select 1 from cart_change_keys where idempotency_key = $1', [key])).rows
    .length === 1;
async function cartChangeKey(key: string, hoursAgo: number) {
  await platform.db.query(
    `insert into cart_change_keys (tenant_id, account_id, idempotency_key, request, answer, created_at)
     values ('fresh', 'acc-fresh-demo', $1, 'digest', '{}', now() - make_interval(hours => $2))`,
    [key, hoursAgo],
  );
}
/** Manual VACUUMs of each swept table so far (autovacuum's are counted apart). */
async function vacuums(): Promise<Record<string, number>> {
  const names = sweptTables(platform.config).map((table) => table.name);
  const { rows } = await platform.db.query<{ name: string; n: number }>(
    `select relname as name, vacuum_count::int as n from pg_stat_user_tables
     where relname = any($1::text[])`,
    [names],
  );
  expect(rows.map((row) => row.name).sort()).toEqual([...names].sort());
  return Object.fromEntries(rows.map((row) => [row.name, row.n]));
}

/** One turn of the sweep, through a platform's start: the tables it vacuumed. */
async function oneTurn(): Promise<string[]> {
  const before = await vacuums();
  const vacuumed = async () => {
    const after = await vacuums();
    return Object.keys(after).filter((name) => after[name] !== before[name]);
  };
  // Its turn ends before the platform closes.
  await sweepUntil(platform, async () => expect(await vacuumed()).not.toEqual([]));
  return vacuumed();
}

describe('the sweep of the tables rows are deleted from', () => {
  it('deletes the refresh tokens and cart change keys past their time, and keeps the rest', async () => {
    const ended = await platform.guest();
    const live = await platform.signIn();
    await platform.db.query(
      `update refresh_tokens set expires_at = now() - interval '40 days' where token_hash = $1`,
      [hashToken(ended.refresh_token)],
    );
    await cartChangeKey('key-of-two-days-ago', 48);
    await cartChangeKey('key-of-an-hour-ago', 1);

    await sweepUntil(platform, async () => {
      expect(await tokenKept(ended.refresh_token)).toBe(false);
      expect(await keyKept('key-of-two-days-ago')).toBe(false);
    });
    expect(await keyKept('key-of-an-hour-ago')).toBe(true);
    expect(await tokenKept(live.refresh_token)).toBe(true);
    expect((await refresh(live.refresh_token)).status).toBe(200);
    // Refused as before, now as a token uaa does not know.
    const refused = await refresh(ended.refresh_token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error_description: 'Unknown refresh token' });
  });

  it('vacuums one table a turn on PGlite, and none on a PostgreSQL server', async () => {
    // 3,000 keys past their day: the purge deletes them all, and their table is due.
    await platform.db.query(
      `insert into cart_change_keys (tenant_id, account_id, idempotency_key, request, answer, created_at)
       select 'fresh', 'acc-fresh-demo', 'old-key-' || i, 'digest', '{}', now() - interval '3 days'
       from generate_series(1, 3000) as i`,
    );
    if (!platform.db.exclusive) {
      const before = await vacuums();
      await sweepUntil(platform, async () => expect(await keyKept('old-key-1')).toBe(false));
      expect(await vacuums()).toEqual(before);
      expect(Object.values(before).filter((n) => n > 0)).toEqual([]);
      return;
    }
    // A turn is a platform's start here; each vacuums one table (before: every one), until the
    // keys' table, due, has had its turn (a table vacuumed longer ago or never may go first).
    const turns: string[][] = [];
    while (!turns.flat().includes('cart_change_keys') && turns.length < 15)
      turns.push(await oneTurn());
    expect(turns.flat()).toContain('cart_change_keys');
    for (const vacuumed of turns) expect(vacuumed).toHaveLength(1);
    expect(await keyKept('old-key-1')).toBe(false);
  });
});
