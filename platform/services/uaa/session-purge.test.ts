import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadPlatformConfig } from '../../config';
import { PRUNE_BATCH } from '../../db/bounded-table';
import { openDb, type Db } from '../../db/db';
import { migrate } from '../../db/migrate';
import { sweepTable } from '../../db/swept-table';
import { sweptTables } from '../swept-tables';
import { purgeOldTokens, type GuestSession } from './session-purge';

// Refresh tokens past their time are deleted (docs/decisions/0363): before, every sign-in, guest
// session and renewal stayed a row for good. On PGlite, with the platform's migrations.
const config = loadPlatformConfig({ LOG_LEVEL: 'silent' });
const GRACE = config.accessTokenTtl + config.refreshReuseWindowSeconds;
const DAY = 24 * 60 * 60;
let db: Db;

beforeAll(async () => {
  db = await openDb({});
  await migrate(db);
  await db.query(
    `insert into tenants (id, host, origin, name, currency, locale)
     values ('t', 't.example', 'https://t.example', 'T', 'EUR', 'en')`,
  );
}, 60_000);
afterAll(async () => db?.close());
beforeEach(async () => db.query('delete from refresh_tokens'));

type Token = { family: string; expiresIn: number; used?: boolean; revoked?: boolean };
/** A token of `family` expiring `expiresIn` seconds from now (negative: that long ago). */
async function token({ family, expiresIn, used = false, revoked = false }: Token) {
  const hash = randomUUID();
  await db.query(
    `insert into refresh_tokens (token_hash, family_id, tenant_id, principal_id, expires_at,
       used_at, revoked_at)
     values ($1, $2, 't', 'guest:' || $2, now() + make_interval(secs => $3::int),
       case when $4::boolean then now() end, case when $5::boolean then now() end)`,
    [hash, family, expiresIn, used, revoked],
  );
  return hash;
}
const left = async () =>
  (await db.query<{ hash: string }>('select token_hash as hash from refresh_tokens')).rows.map(
    (row) => row.hash,
  );
const purge = () => purgeOldTokens(db, config);

describe('refresh tokens past their time', () => {
  it('are deleted once expired longer than an access token lives, spent or not', async () => {
    const spent = await token({ family: 'a', expiresIn: -10 * DAY, used: true });
    const head = await token({ family: 'a', expiresIn: 20 * DAY });
    const lately = await token({ family: 'b', expiresIn: -(GRACE - 60) });
    const ended = await token({ family: 'c', expiresIn: -(GRACE + 60) });
    const live = await token({ family: 'd', expiresIn: DAY });

    expect(await purge()).toBe(2);
    expect((await left()).sort()).toEqual([head, lately, live].sort());
    expect(await left()).not.toContain(spent);
    expect(await left()).not.toContain(ended);
  });

  it('keep a revoked one while its session has a live token not revoked (a renewal that raced the revocation)', async () => {
    const raced = await token({ family: 'e', expiresIn: -10 * DAY, revoked: true });
    await token({ family: 'e', expiresIn: 20 * DAY });
    // A signed-out session: every token revoked; the expired ones go, the live one stays.
    const signedOut = await token({ family: 'f', expiresIn: -10 * DAY, revoked: true });
    const signedOutHead = await token({ family: 'f', expiresIn: 20 * DAY, revoked: true });

    expect(await purge()).toBe(1);
    expect(await left()).toContain(raced);
    expect(await left()).not.toContain(signedOut);
    expect(await left()).toContain(signedOutHead);
  });

  it('are deleted in batches, all of a grown table; a stop ends after a batch', async () => {
    await db.query(
      `insert into refresh_tokens (token_hash, family_id, tenant_id, principal_id, expires_at)
       select 'old' || i, 'family' || i, 't', 'guest', now() - interval '40 days'
       from generate_series(1, $1::int) as i`,
      [2 * PRUNE_BATCH + 5],
    );
    expect(await purgeOldTokens(db, config, () => true)).toBe(PRUNE_BATCH);
    expect(await purge()).toBe(PRUNE_BATCH + 5);
    expect(await left()).toEqual([]);
  });

  it('are told of before they go, batch by batch; a failure there leaves them for the next sweep', async () => {
    await db.query(
      `insert into refresh_tokens (token_hash, family_id, tenant_id, principal_id, expires_at)
       select 'old' || i, 'family' || i, 't', 'guest', now() - interval '40 days'
       from generate_series(1, $1::int) as i`,
      [PRUNE_BATCH + 5],
    );
    const live = await token({ family: 'g', expiresIn: DAY });
    const failing = async () => {
      throw new Error('the carts could not be deleted');
    };
    await expect(purgeOldTokens(db, config, undefined, failing)).rejects.toThrow('carts');
    expect(await left()).toHaveLength(PRUNE_BATCH + 6);

    // A guest session a token here: each batch's sessions, told while their tokens are there.
    const told: number[] = [];
    const ending = async (_: unknown, sessions: GuestSession[]) => {
      told.push(sessions.length);
      const { rows } = await db.query<{ n: number }>(
        'select count(distinct family_id)::int as n from refresh_tokens where family_id = any($1::text[])',
        [sessions.map((session) => session.familyId)],
      );
      expect(rows[0]!.n).toBe(sessions.length);
    };
    expect(await purgeOldTokens(db, config, undefined, ending)).toBe(PRUNE_BATCH + 5);
    expect(told).toEqual([PRUNE_BATCH, 5]);
    expect(await left()).toEqual([live]);
  });

  it('leave their space to the next ones: swept, the table stays the size of a month of sessions', async () => {
    const table = sweptTables(config).find((swept) => swept.name === 'refresh_tokens')!;
    const size = async () =>
      Number(
        (
          await db.query<{ size: string }>(
            `select pg_total_relation_size('refresh_tokens') as size`,
          )
        ).rows[0]!.size,
      );
    let early = 0;
    for (let round = 1; round <= 40; round++) {
      // The last round's sessions end; 200 new ones start, each renewed once.
      await db.query(`update refresh_tokens set expires_at = now() - interval '31 days'`);
      await db.query(
        `insert into refresh_tokens (token_hash, family_id, tenant_id, principal_id, expires_at, used_at)
         select $1 || i || '.' || step, $1 || i, 't', 'guest', now() + interval '30 days',
           case when step = 1 then now() end
         from generate_series(1, 200) as i, generate_series(1, 2) as step`,
        [`round${round}.`],
      );
      expect(await sweepTable(db, table)).toBe(round === 1 ? 0 : 400);
      if (round === 5) early = await size();
    }
    expect(await left()).toHaveLength(400);
    // Before, nothing deleted a token: 40 rounds were 8 times the rows of 5.
    expect(await size()).toBeLessThan(1.5 * early);
  });
});
