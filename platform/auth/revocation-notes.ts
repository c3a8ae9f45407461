// Sessions being ended, noted before their revocation is written (docs/decisions/0288). An
// embedded database (PGlite) is written by this process alone, so a session never noted here has
// not been revoked, and the session check need not read the database for it; a noted one is read
// as before (a revocation that rolls back leaves a note that costs only that read). A note is kept
// while an access token issued before the revocation can still be valid, then dropped.
export type RevocationNotes = {
  /** Before a session (refresh-token family) is revoked. */
  family(familyId: string): void;
  /** Before every session of an account is revoked (a password change, a reset). */
  account(accountId: string): void;
  /** Notes last at least this long (an access token's lifetime); the longest asked for holds. */
  keepFor(ms: number): void;
  /** True when the session may have been revoked: the database must say. */
  mayBeRevoked(sessionId: string, accountId: string | null): boolean;
};

// A token issued by a refresh that raced the revocation lives a little past it.
const MARGIN_MS = 60_000;

export function createRevocationNotes(now: () => number = Date.now): RevocationNotes {
  const families = new Map<string, number>();
  const accounts = new Map<string, number>();
  let keepMs = 0;
  // Maps iterate in insertion order, and a note is re-inserted when noted again: the oldest first.
  const drop = (notes: Map<string, number>) => {
    const before = now() - keepMs - MARGIN_MS;
    for (const [id, at] of notes) {
      if (at >= before) return;
      notes.delete(id);
    }
  };
  const note = (notes: Map<string, number>, id: string) => {
    notes.delete(id);
    notes.set(id, now());
    drop(notes);
  };
  return {
    family: (familyId) => note(families, familyId),
    account: (accountId) => note(accounts, accountId),
    keepFor: (ms) => void (keepMs = Math.max(keepMs, ms)),
    mayBeRevoked(sessionId, accountId) {
      drop(families);
      drop(accounts);
      return families.has(sessionId) || (accountId !== null && accounts.has(accountId));
    },
  };
}

/**
 * This process's notes: every revocation it writes, to any database, is noted here first. One per
 * process because the property they stand on (nothing else writes an embedded database) is.
 */
export const revocationNotes = createRevocationNotes();
