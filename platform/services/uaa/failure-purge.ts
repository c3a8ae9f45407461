import type { Queryable } from '../../db/db';

// Sign-in failure counts that no longer count are deleted (issue #27): a per-source count idle
// past `forgetAfterSeconds` starts again from zero and an e-mail's ceiling row idle past its
// window starts a fresh window, so removing them changes no answer; without it every e-mail and
// address ever tried stays a row for good. A lock still in force is never removed. The platform's
// sweep runs it every minute (platform/services/swept-tables.ts, docs/decisions/0363).
export type PurgeWindows = { forgetAfterSeconds: number; ceilingWindowSeconds: number };

/**
 * Deletes the expired rows of sign_in_failures; the number deleted. Each window its own clause,
 * which its partial index of updated_at answers (migration 029): the plan reads the expired rows
 * alone, where one window chosen row by row read the whole table.
 */
export async function purgeExpiredFailures(q: Queryable, windows: PurgeWindows): Promise<number> {
  const { rows } = await q.query<{ purged: number }>(
    `with purged as (
       delete from sign_in_failures
       where (locked_until is null or locked_until <= now())
         and ((source = '*' and updated_at < now() - make_interval(secs => $2::int))
           or (source <> '*' and updated_at < now() - make_interval(secs => $1::int)))
       returning 1)
     select count(*)::int as purged from purged`,
    [windows.forgetAfterSeconds, windows.ceilingWindowSeconds],
  );
  return rows[0]?.purged ?? 0;
}
