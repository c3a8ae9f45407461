import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/db';
import type { RevocationNotes } from './revocation-notes';

// Is the session of an access token still open? (issue #27 item 16, docs/decisions/0243.) An
// access token names its session (`sid`: the refresh-token family it was issued for); signing
// out, a password change, a reset or a reused refresh token revoke that family in uaa, and from
// then on every service refuses the session's access tokens, rather than honouring them until
// they expire. A revoked session stays revoked, so those are remembered (the same dead token
// presented again costs nothing); an open one is looked up on every use.
//
// A page's calls arrive together and name the same session, so checks are answered in batches
// (docs/decisions/0281): the first check opens a probe, sent at the event loop's next turn, and
// every check arriving until then joins it; one query answers them all. A check only ever joins
// a probe not yet sent, so the probe reads the database after the check arrived: a session
// revoked before a call arrives is refused, by whichever process revoked it.
//
// A database only this process writes (embedded) is not read for a session this process has not
// noted as being revoked (./revocation-notes.ts, docs/decisions/0288): nothing else could have.
export type SessionCheck = (sessionId: string, accountId: string | null) => Promise<boolean>;

type Probe = { sessionIds: Set<string>; revoked: Promise<Set<string>> };

export function createSessionCheck(
  db: Queryable,
  options: { remember?: number; notes?: RevocationNotes } = {},
): SessionCheck {
  const { remember = 10_000, notes } = options;
  const revoked = new LRUCache<string, true>({ max: remember });
  // The probe not yet sent, which a check arriving now joins.
  let next: Probe | null = null;

  const nextProbe = (): Probe => {
    if (next) return next;
    const sessionIds = new Set<string>();
    const probe: Probe = {
      sessionIds,
      // The turn's wait lets the checks of calls that arrive together join; once sent, the
      // probe takes no more: every check it answers arrived before the read. Probes do not
      // wait for one another, so a slow one holds up only the checks it answers.
      revoked: nextTurn().then(() => {
        next = null;
        return probeRevoked(db, [...sessionIds]);
      }),
    };
    return (next = probe);
  };

  return async (sessionId, accountId) => {
    if (revoked.has(sessionId)) return false;
    if (notes && !notes.mayBeRevoked(sessionId, accountId)) return true;
    const probe = nextProbe();
    probe.sessionIds.add(sessionId);
    if (!(await probe.revoked).has(sessionId)) return true;
    revoked.set(sessionId, true);
    return false;
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

// Any revoked row of a family ends it (a row a racing refresh added after the revocation
// included); a partial index holds only revoked rows (migration 011), so this is one probe per
// session named.
async function probeRevoked(db: Queryable, sessionIds: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ family_id: string }>(
    `select distinct family_id from refresh_tokens
     where family_id = any($1::text[]) and revoked_at is not null`,
    [sessionIds],
  );
  return new Set(rows.map((row) => row.family_id));
}
