import { PRUNE_BATCH } from '../../db/bounded-table';
import type { Queryable } from '../../db/db';

// Refresh tokens are deleted once past their time (docs/decisions/0363). A token expires
// REFRESH_TOKEN_TTL after it was issued, and nothing deleted its row, so every sign-in, guest
// session and renewal (one every few minutes of a visit) stayed a row for good. A token goes once
// it has been expired longer than an access token lives plus the reuse window; by then its
// successor pair is no longer handed back (ADR 0220) and any access token issued beside it has
// expired. A spent token presented again after that is refused as unknown rather than revoking its
// session: only a copy can present it, as the browser's cookie lives as long as the token
// (server/session/cookies.ts). A revoked token stays while its session has a live token that is
// not revoked (a renewal that raced the revocation on a PostgreSQL server): any revoked row of a
// family ends the access tokens of the family (platform/auth/session-check.ts).

export type SessionLifetimes = { accessTokenTtl: number; refreshReuseWindowSeconds: number };

/**
 * Deletes the refresh tokens past their time, oldest first, in batches (one statement each, so a
 * first purge of a grown table lets other queries in between); `stopped` is asked between two.
 * Returns how many.
 */
export async function purgeOldTokens(
  q: Queryable,
  lifetimes: SessionLifetimes,
  stopped: () => boolean = () => false,
): Promise<number> {
  const after = lifetimes.accessTokenTtl + lifetimes.refreshReuseWindowSeconds;
  let deleted = 0;
  for (;;) {
    const { rows } = await q.query<{ n: number }>(
      // The oldest first by expiry (migration 027), which the index answers in order. A revoked
      // token's session is looked up by the family's index, token by token: a scalar subquery,
      // where `not exists` was planned as a hash of every live token of every session.
      `with gone as (
         delete from refresh_tokens where token_hash = any(array(
           select token_hash from refresh_tokens token
           where expires_at < now() - make_interval(secs => $1::int)
             and (revoked_at is null or (select other.token_hash from refresh_tokens other
               where other.family_id = token.family_id and other.revoked_at is null
                 and other.expires_at >= now() - make_interval(secs => $1::int) limit 1) is null)
           order by expires_at limit $2))
         returning 1)
       select count(*)::int as n from gone`,
      [after, PRUNE_BATCH],
    );
    const n = rows[0]?.n ?? 0;
    deleted += n;
    if (n < PRUNE_BATCH || stopped()) return deleted;
  }
}
