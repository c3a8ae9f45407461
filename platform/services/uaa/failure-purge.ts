import type { Queryable } from '../../db/db';

// Sign-in failure counts that no longer count are deleted (issue #27): a per-source count idle
// past `forgetAfterSeconds` starts again from zero and an e-mail's ceiling row idle past its
// window starts a fresh window, so removing them changes no answer; without it every e-mail and
// address ever tried stays a row for good. A lock still in force is never removed. The platform's
// sweep runs it every minute (platform/services/swept-tables.ts, docs/decisions/0363).
export type PurgeWindows = { forgetAfterSeconds: number; ceilingWindowSeconds: number };

/** Deletes the expired rows of sign_in_failures; the number deleted. */
export async function purgeExpiredFailures(q: Queryable, windows: PurgeWindows): Promise<number> {
  const { rows } = await q.query<{ purged: number }>(
    `with purged as (
       delete from sign_in_failures
       where (locked_until is null or locked_until <= now())
         and updated_at < now() - make_interval(secs => case when source = '*' then $2::int else $1::int end)
       returning 1)
     select count(*)::int as purged from purged`,
    [windows.forgetAfterSeconds, windows.ceilingWindowSeconds],
  );
  return rows[0]?.purged ?? 0;
}
