import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadPlatformConfig } from '../../config';
import { PRUNE_BATCH } from '../../db/bounded-table';
import { openDb, type Db } from '../../db/db';
import { migrate, MIGRATIONS_DIR } from '../../db/migrate';
import { sweepTable } from '../../db/swept-table';
import { sweptTables } from '../swept-tables';
import { sessionGraceSeconds } from '../uaa/session-purge';
import { purgeMergedCarts } from './cart-purge';

// A guest's cart goes once no token can reach it (docs/decisions/0369): with its session's last
// token, or an access token's lifetime after the sign-in merged it. An account's cart stays. On
// PGlite, with the platform's migrations; tests/integration/platform-guest-carts-swept.test.ts
// goes through uaa and booking on both databases.
const config = loadPlatformConfig({ LOG_LEVEL: 'silent' });
const GRACE = sessionGraceSeconds(config);
const DAY = 24 * 60 * 60;
const swept = (name: string) => sweptTables(config).find((table) => table.name === name)!;
let db: Db;

/** The rows a cart's items need: a shop, an offering, an account. */
async function shopRows(q: Db) {
  await q.exec(`
    insert into tenants (id, host, origin, name, currency, locale)
      values ('t', 't.example', 'https://t.example', 'T', 'EUR', 'en');
    insert into brands (id, slug, name) values ('b', 'b', 'B');
    insert into categories (id, slug, name) values ('c', 'c', 'C');
    insert into products (id, slug, name, brand_id, category_id) values ('p', 'p', 'P', 'b', 'c');
    insert into offerings (id, tenant_id, product_id, price_single_cents, price_case_cents, case_size)
      values ('o', 't', 'p', 100, 500, 6);
    insert into accounts (id, tenant_id, email, login, password_hash)
      values ('acc-1', 't', 'a@example.com', 'a@example.com', 'x');`);
}

beforeAll(async () => {
  db = await openDb({});
  await migrate(db);
  await shopRows(db);
}, 60_000);
afterAll(async () => db?.close());
beforeEach(async () => db.exec('delete from refresh_tokens; delete from carts;'));

type Token = { expiresIn: number; used?: boolean; revoked?: boolean };
/** A session of `principal` (an account's when it starts with acc-): one family, these tokens. */
async function session(principal: string, tokens: Token[]) {
  const family = randomUUID();
  for (const { expiresIn, used = false, revoked = false } of tokens)
    await db.query(
      `insert into refresh_tokens (token_hash, family_id, tenant_id, principal_id, account_id,
         expires_at, used_at, revoked_at)
       values ($1, $2, 't', $3, case when $3 like 'acc-%' then $3 end,
         now() + make_interval(secs => $4::int),
         case when $5::boolean then now() end, case when $6::boolean then now() end)`,
      [randomUUID(), family, principal, expiresIn, used, revoked],
    );
}
/** A cart of `principal` with a single and a case of the offering; merged that long ago if given. */
async function cart(q: Db, principal: string, mergedSecondsAgo?: number) {
  const uid = randomUUID();
  await q.query(
    `insert into carts (uid, tenant_id, principal_id, merged_at)
     values ($1, 't', $2, now() - make_interval(secs => $3::int))`,
    [uid, principal, mergedSecondsAgo ?? null],
  );
  await q.query(
    `insert into cart_items (uid, cart_uid, offering_id, quantity, by_case)
     values ($1, $3, 'o', 2, false), ($2, $3, 'o', 1, true)`,
    [randomUUID(), randomUUID(), uid],
  );
  return uid;
}
const cartsLeft = async (q: Db) =>
  (await q.query<{ uid: string }>('select uid from carts order by uid')).rows.map((row) => row.uid);
const itemsOf = async (uid: string) =>
  (await db.query('select 1 from cart_items where cart_uid = $1', [uid])).rows.length;

describe("a guest's cart", () => {
  it('goes with its session’s last token, its items with it; a session that can renew keeps it', async () => {
    await session('guest:ended', [
      { expiresIn: -10 * DAY, used: true },
      { expiresIn: -GRACE - 60 },
    ]);
    const ended = await cart(db, 'guest:ended');
    // Its spent tokens go, its head renews: the cart stays.
    await session('guest:renewing', [
      { expiresIn: -10 * DAY, used: true },
      { expiresIn: 20 * DAY },
    ]);
    const renewing = await cart(db, 'guest:renewing');
    // Expired, but a handed-back pair or an access token of it may still be live.
    await session('guest:lately', [{ expiresIn: -GRACE + 60 }]);
    const lately = await cart(db, 'guest:lately');
    // Signed out: its tokens stay until past their time, and the cart with them.
    await session('guest:signed-out', [{ expiresIn: 20 * DAY, revoked: true }]);
    const signedOut = await cart(db, 'guest:signed-out');

    expect(await sweepTable(db, swept('refresh_tokens'))).toBe(3);
    expect(await cartsLeft(db)).toEqual([renewing, lately, signedOut].sort());
    expect(await itemsOf(ended)).toBe(0);
    expect(await itemsOf(renewing)).toBe(2);
  });

  it('merged at sign-in, goes an access token’s lifetime (and the reuse window) after', async () => {
    const merging = await cart(db, 'guest:merging', GRACE - 60);
    await cart(db, 'guest:merged', GRACE + 60);
    await session('guest:merged', [{ expiresIn: 20 * DAY, revoked: true }]);

    expect(await sweepTable(db, swept('carts'))).toBe(1);
    expect(await cartsLeft(db)).toEqual([merging]);
  });

  it('merged ones go in batches, all of them; a stop ends after a batch', async () => {
    await db.query(
      `insert into carts (uid, tenant_id, principal_id, merged_at)
       select 'merged' || i, 't', 'guest:' || i, now() - interval '1 day'
       from generate_series(1, $1::int) as i`,
      [2 * PRUNE_BATCH + 5],
    );
    expect(await purgeMergedCarts(db, config, () => true)).toBe(PRUNE_BATCH);
    expect(await purgeMergedCarts(db, config)).toBe(PRUNE_BATCH + 5);
    expect(await cartsLeft(db)).toEqual([]);
  });
});

describe("an account's cart", () => {
  it('stays when every token of the account has gone', async () => {
    await session('acc-1', [{ expiresIn: -40 * DAY }]);
    const account = await cart(db, 'acc-1');

    expect(await sweepTable(db, swept('refresh_tokens'))).toBe(1);
    expect(await sweepTable(db, swept('carts'))).toBe(0);
    expect(await cartsLeft(db)).toEqual([account]);
    expect(await itemsOf(account)).toBe(2);
  });
});

describe('migration 028', () => {
  it('deletes the guest carts whose tokens were all deleted before, and no other', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    const before = await openDb({});
    try {
      for (const name of await readdir(MIGRATIONS_DIR))
        if (name < '028') await cp(join(MIGRATIONS_DIR, name), join(dir, name));
      await migrate(before, dir);
      await shopRows(before);
      const orphan = await cart(before, 'guest:orphan');
      const live = await cart(before, 'guest:live');
      await before.query(
        `insert into refresh_tokens (token_hash, family_id, tenant_id, principal_id, expires_at)
         values ('live', 'live', 't', 'guest:live', now() + interval '20 days')`,
      );
      const account = await cart(before, 'acc-1');

      expect(await migrate(before)).toContain('028_guest_carts_purged.sql');
      expect(await cartsLeft(before)).toEqual([live, account].sort());
      expect(await cartsLeft(before)).not.toContain(orphan);
    } finally {
      await before.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
