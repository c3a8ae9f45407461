import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/db';

// Is the session of an access token still open? (issue #27 item 16, docs/decisions/0243.) An
// access token names its session (`sid`: the refresh-token family it was issued for); signing
// out, a password change, a reset or a reused refresh token revoke that family in uaa, and from
// then on every service refuses the session's access tokens, rather than honouring them until
// they expire. One indexed lookup per token use; a revoked session stays revoked, so those are
// remembered (the same dead token presented again costs nothing).
export type SessionCheck = (sessionId: string) => Promise<boolean>;

export function createSessionCheck(db: Queryable, remember = 10_000): SessionCheck {
  const revoked = new LRUCache<string, true>({ max: remember });
  return async (sessionId) => {
    if (revoked.has(sessionId)) return false;
    // Any revoked row of the family ends it (a row a racing refresh added after the revocation
    // included); a partial index holds only revoked rows (migration 011), so this is one probe.
    const { rows } = await db.query<{ revoked: boolean }>(
      `select exists (select 1 from refresh_tokens where family_id = $1 and revoked_at is not null)
         as revoked`,
      [sessionId],
    );
    if (!rows[0]?.revoked) return true;
    revoked.set(sessionId, true);
    return false;
  };
}
