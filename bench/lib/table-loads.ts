import type { Db } from '../../platform/db/db';

// The swept tables of bench/table-sweep.ts as a busy shop fills them: how many rows, how many
// change in a minute, and how to make and age them by SQL (no carts, offerings or accounts behind
// them: the bench sets session_replication_role = replica).
const report = JSON.stringify({
  checks: Array.from({ length: 12 }, (_, i) => ({ name: `check ${i}`, ok: i % 5 !== 0, ms: 40 })),
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131',
  javascript: true,
  clockSkewMs: 12,
  roundTripMs: 48,
});

export type Load = {
  rows: number;
  /** A minute's changes. */
  perMinute: number;
  /** `n` rows from `from` on (live ones). */
  fill(db: Db, from: number, n: number): Promise<unknown>;
  /** `n` rows' time comes (or a shopper deletes them). */
  age(db: Db, n: number): Promise<unknown>;
};

export function tableLoads(sessionRows: number): Record<string, Load> {
  return {
    refresh_tokens: {
      // 20,000 sessions a day, 3 tokens each (two renewals), kept 30 days and 6 minutes.
      rows: sessionRows,
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
}
