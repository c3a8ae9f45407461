import { PRUNE_BATCH } from '../../db/bounded-table';
import type { Queryable } from '../../db/db';
import {
  sessionGraceSeconds,
  type GuestSession,
  type SessionLifetimes,
} from '../uaa/session-purge';

// A guest's cart goes once no token can reach it any more (docs/decisions/0369); an account's cart
// is never deleted. A guest's cart is keyed by its principal (`guest:<uuid>`), which uaa makes
// with the session and which every token of that session, and of no other, carries: the cart is
// the session's. Its items go with it (cart_items cascade).
//
// - A session that ends unrenewed: its cart goes with its last token, in the sweep that deletes
//   that token (uaa/session-purge.ts tells of each batch before it goes; swept-tables.ts).
// - A guest who signed in: the cart was merged into the account's and kept, empty and marked, so
//   that a change the guest's session sent before the sign-in is refused rather than lost (ADR
//   0323). The sign-in revoked that session, so no token is renewed after it, and a guest's access
//   token (never checked against its session, ADR 0243) expires within an access token's
//   lifetime: the merged cart goes once that and the reuse window have passed.

/**
 * Guest sessions losing tokens to the purge (uaa/session-purge.ts, before the batch goes): the
 * carts of those left with no token that is not past its time. A session is one family of tokens,
 * whose index answers; another batch's tokens of it, past their time too, cannot reach the cart
 * either. Returns how many carts went.
 */
export async function purgeCartsOfEndingSessions(
  q: Queryable,
  lifetimes: SessionLifetimes,
  sessions: readonly GuestSession[],
): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    // Each session's cart looked up by its key, one at a time (the lateral `limit 1`): a join was
    // planned as a hash of every cart, 50-270 ms a batch of 2,000 tokens.
    `with gone as (
       delete from carts where uid = any(array(
         select cart.uid
         from unnest($1::text[], $2::text[], $3::text[]) as ending(tenant_id, principal_id, family_id)
         cross join lateral (select uid from carts where tenant_id = ending.tenant_id
           and principal_id = ending.principal_id and principal_id like 'guest:%' limit 1) cart
         where not exists (select 1 from refresh_tokens other where other.family_id = ending.family_id
             and other.expires_at >= now() - make_interval(secs => $4::int))))
       returning 1)
     select count(*)::int as n from gone`,
    [
      sessions.map((session) => session.tenantId),
      sessions.map((session) => session.principalId),
      sessions.map((session) => session.familyId),
      sessionGraceSeconds(lifetimes),
    ],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Deletes the guest carts merged at sign-in longer ago than a guest's token can be used, oldest
 * first, in batches (the partial index of merged carts, migration 028); `stopped` is asked between
 * two. Returns how many.
 */
export async function purgeMergedCarts(
  q: Queryable,
  lifetimes: SessionLifetimes,
  stopped: () => boolean = () => false,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rows } = await q.query<{ n: number }>(
      `with gone as (
         delete from carts where uid = any(array(
           select uid from carts where merged_at < now() - make_interval(secs => $1::int)
           order by merged_at limit $2))
         returning 1)
       select count(*)::int as n from gone`,
      [sessionGraceSeconds(lifetimes), PRUNE_BATCH],
    );
    const n = rows[0]?.n ?? 0;
    deleted += n;
    if (n < PRUNE_BATCH || stopped()) return deleted;
  }
}
