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
 * How long after its end a token, or a session revoked, can still be used: an access token issued
 * with it lives that long at most, and a spent one's pair is handed back within the reuse window.
 */
export const sessionGraceSeconds = (lifetimes: SessionLifetimes) =>
  lifetimes.accessTokenTtl + lifetimes.refreshReuseWindowSeconds;

/** A guest session (one token family) losing tokens to the purge. */
export type GuestSession = { tenantId: string; principalId: string; familyId: string };

/**
 * Told, before each batch of tokens is deleted, of the guest sessions it holds tokens of: data kept
 * for a guest session goes with the session's last token (booking's guest carts,
 * docs/decisions/0369). A failure leaves the batch for the next sweep.
 */
export type SessionsEnding = (q: Queryable, sessions: GuestSession[]) => Promise<unknown>;

// The oldest first by expiry (migration 027), which the index answers in order. A revoked token's
// session is looked up by the family's index, token by token: a scalar subquery, where `not exists`
// was planned as a hash of every live token of every session. Asked again by the delete, so that a
// token selected is deleted only if it is still past its time.
const PAST_ITS_TIME = `token.expires_at < now() - make_interval(secs => $1::int)
  and (token.revoked_at is null or (select other.token_hash from refresh_tokens other
    where other.family_id = token.family_id and other.revoked_at is null
      and other.expires_at >= now() - make_interval(secs => $1::int) limit 1) is null)`;

type BatchRow = {
  token_hash: string;
  tenant_id: string;
  principal_id: string;
  family_id: string;
  guest: boolean;
};

/** The guest sessions a batch holds tokens of, each once. */
function guestSessions(batch: readonly BatchRow[]): GuestSession[] {
  const sessions = new Map<string, GuestSession>();
  for (const row of batch)
    if (row.guest)
      sessions.set(row.family_id, {
        tenantId: row.tenant_id,
        principalId: row.principal_id,
        familyId: row.family_id,
      });
  return [...sessions.values()];
}

/**
 * Deletes the refresh tokens past their time, oldest first, in batches (a first purge of a grown
 * table lets other queries in between); `stopped` is asked between two, `ending` told of each
 * batch's guest sessions before it goes. Returns how many.
 */
export async function purgeOldTokens(
  q: Queryable,
  lifetimes: SessionLifetimes,
  stopped: () => boolean = () => false,
  ending?: SessionsEnding,
): Promise<number> {
  const after = sessionGraceSeconds(lifetimes);
  let deleted = 0;
  for (;;) {
    const { rows: batch } = await q.query<BatchRow>(
      `select token_hash, tenant_id, principal_id, family_id, account_id is null as guest
       from refresh_tokens token where ${PAST_ITS_TIME}
       order by expires_at limit $2`,
      [after, PRUNE_BATCH],
    );
    if (batch.length === 0) return deleted;
    const guests = guestSessions(batch);
    if (ending && guests.length > 0) await ending(q, guests);
    const { rows } = await q.query<{ n: number }>(
      `with gone as (
         delete from refresh_tokens token where token_hash = any($2::text[]) and ${PAST_ITS_TIME}
         returning 1)
       select count(*)::int as n from gone`,
      [after, batch.map((row) => row.token_hash)],
    );
    deleted += rows[0]?.n ?? 0;
    if (batch.length < PRUNE_BATCH || stopped()) return deleted;
  }
}
