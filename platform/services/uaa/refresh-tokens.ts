import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { TokenSigner } from '../../auth/tokens';
import type { PlatformConfig } from '../../config';
import type { Queryable } from '../../db/db';
import type { TokenPair } from '../../../shared/contracts/uaa';
import { revocationNotes } from '../../auth/revocation-notes';
import { openSuccessor } from './successor';

// Sessions. A refresh token is an opaque random string; only its SHA-256 is stored. Each refresh
// spends the token and issues a new one in the same family (rotation). A spent token presented
// again within the reuse window (REFRESH_REUSE_WINDOW_SECONDS: gateway replicas renewing one
// session at once) gets the same new pair back, not a second rotation; later it means the token
// was stolen and the whole family is revoked (docs/decisions/0220).

export type Session = { tenantId: string; principalId: string; accountId: string | null };
type RefreshRow = {
  family_id: string;
  tenant_id: string;
  principal_id: string;
  account_id: string | null;
  expired: boolean;
  used_seconds_ago: number | null;
  revoked: boolean;
  successor: string | null;
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueTokenPair(
  q: Queryable,
  signer: TokenSigner,
  config: PlatformConfig,
  session: Session,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const refreshToken = `rt.${randomBytes(32).toString('base64url')}`;
  await q.query(
    `insert into refresh_tokens (token_hash, family_id, tenant_id, principal_id, account_id, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::float8))`,
    [
      hashToken(refreshToken),
      familyId,
      session.tenantId,
      session.principalId,
      session.accountId,
      config.refreshTokenTtl,
    ],
  );
  const accessToken = await signer.sign({ ...session, sessionId: familyId }, config.accessTokenTtl);
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: config.accessTokenTtl,
    refresh_expires_in: config.refreshTokenTtl,
  };
}

async function findToken(q: Queryable, token: string): Promise<RefreshRow | null> {
  const { rows } = await q.query<RefreshRow>(
    `select family_id, tenant_id, principal_id, account_id, expires_at <= now() as expired,
       extract(epoch from now() - used_at)::float8 as used_seconds_ago, revoked_at is not null as revoked,
       successor
     from refresh_tokens where token_hash = $1 for update`,
    [hashToken(token)],
  );
  return rows[0] ?? null;
}

export type SpendResult =
  | { ok: true; session: Session; familyId: string }
  | { ok: false; reason: string }
  /** A spent token within the reuse window: the pair that replaced it, its lifetimes counted down. */
  | { ok: 'reused'; pair: TokenPair; session: Session; familyId: string };

/**
 * Spends a refresh token (inside the caller's transaction). Presented again within
 * `reuseWindowSeconds` of its rotation it answers the same successor pair (saved by
 * `keepSuccessor`); after that, reuse revokes the family.
 */
export async function spendRefreshToken(
  q: Queryable,
  token: string,
  tenantId: string | null,
  reuseWindowSeconds: number,
): Promise<SpendResult> {
  const row = await findToken(q, token);
  if (!row || (tenantId && row.tenant_id !== tenantId))
    return { ok: false, reason: 'Unknown refresh token' };
  if (row.revoked) return { ok: false, reason: 'Refresh token revoked' };
  if (row.used_seconds_ago !== null) {
    const elapsed = row.used_seconds_ago;
    const successor =
      elapsed <= reuseWindowSeconds && row.successor ? openSuccessor(token, row.successor) : null;
    if (successor)
      return {
        ok: 'reused',
        pair: countedDown(successor, elapsed),
        familyId: row.family_id,
        session: sessionOf(row),
      };
    if (elapsed > reuseWindowSeconds) await revokeFamily(q, row.family_id);
    return { ok: false, reason: 'Refresh token already used' };
  }
  if (row.expired) return { ok: false, reason: 'Refresh token expired' };
  await q.query('update refresh_tokens set used_at = now() where token_hash = $1', [
    hashToken(token),
  ]);
  return {
    ok: true,
    familyId: row.family_id,
    session: sessionOf(row),
  };
}

const sessionOf = (row: RefreshRow): Session => ({
  tenantId: row.tenant_id,
  principalId: row.principal_id,
  accountId: row.account_id,
});

/**
 * The handed-back pair, its access token still live: when the successor's has expired (or has
 * under a second left), a new one for the same session. Not a rotation: the refresh token is the
 * same. With very short access tokens (ACCESS_TOKEN_TTL=2 in tests) a replica that asks late in
 * the window would otherwise get a token the services refuse.
 */
export async function withLiveAccess(
  signer: TokenSigner,
  config: PlatformConfig,
  reused: { pair: TokenPair; session: Session; familyId: string },
): Promise<TokenPair> {
  if (secondsLeft(reused.pair.access_token) >= 1) return reused.pair;
  const accessToken = await signer.sign(
    { ...reused.session, sessionId: reused.familyId },
    config.accessTokenTtl,
  );
  return { ...reused.pair, access_token: accessToken, expires_in: config.accessTokenTtl };
}

function secondsLeft(accessToken: string): number {
  try {
    return (decodeJwt(accessToken).exp ?? 0) - Date.now() / 1000;
  } catch {
    return 0;
  }
}

/** Keeps the pair that replaced a spent token, sealed (successor.ts), for the reuse window. */
export async function keepSuccessor(q: Queryable, spentToken: string, sealed: string) {
  await q.query('update refresh_tokens set successor = $2 where token_hash = $1', [
    hashToken(spentToken),
    sealed,
  ]);
}

/** The same tokens, their lifetimes as seconds left (at least 1, as the contract wants). */
function countedDown(pair: TokenPair, elapsedSeconds: number): TokenPair {
  const left = (seconds: number) => Math.max(1, seconds - Math.floor(elapsedSeconds));
  return {
    ...pair,
    expires_in: left(pair.expires_in),
    ...(pair.refresh_expires_in === undefined
      ? {}
      : { refresh_expires_in: left(pair.refresh_expires_in) }),
  };
}

/** The live guest session of a refresh token, or null (spent, revoked, expired, an account's, other shop). */
export async function liveGuestSession(q: Queryable, token: string, tenantId: string) {
  const row = await findToken(q, token);
  if (!row || row.revoked || row.expired || row.used_seconds_ago !== null) return null;
  if (row.account_id !== null || row.tenant_id !== tenantId) return null;
  return { principalId: row.principal_id, familyId: row.family_id };
}

// Every revocation is noted before it is written (docs/decisions/0288).
export async function revokeFamily(q: Queryable, familyId: string): Promise<void> {
  revocationNotes.family(familyId);
  await q.query(
    'update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null',
    [familyId],
  );
}

/** Sign-out: revokes the session of the token; unknown tokens are ignored (sign-out is idempotent). */
export async function revokeSessionOf(q: Queryable, token: string): Promise<void> {
  const { rows } = await q.query<{ family_id: string }>(
    'select family_id from refresh_tokens where token_hash = $1',
    [hashToken(token)],
  );
  if (rows[0]) await revokeFamily(q, rows[0].family_id);
}

/** A password change: every other session of the account ends (issue #12 item 6). */
export async function revokeOtherSessions(
  q: Queryable,
  accountId: string,
  keepFamilyId: string | null,
): Promise<void> {
  revocationNotes.account(accountId);
  await q.query(
    `update refresh_tokens set revoked_at = now()
     where account_id = $1 and revoked_at is null and family_id is distinct from $2`,
    [accountId, keepFamilyId],
  );
}

/** After a password reset: every session of the account ends. */
export async function revokeAccountSessions(q: Queryable, accountId: string): Promise<void> {
  revocationNotes.account(accountId);
  await q.query(
    'update refresh_tokens set revoked_at = now() where account_id = $1 and revoked_at is null',
    [accountId],
  );
}
