import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import type { Db } from '../db/db';
import type { AccessClaims } from './access-claims';
import { verifiedTokens } from './verified-tokens';

export type { AccessClaims };

// Access tokens are short-lived ES256 JWTs. The signing key is generated on first start and stored
// in signing_keys, so tokens stay valid across restarts.
export type TokenSigner = {
  sign(claims: AccessClaims, ttlSeconds: number): Promise<string>;
  /** Returns the claims, or null when the token is malformed, forged or expired. */
  verify(token: string): Promise<(AccessClaims & { expired: false }) | { expired: true } | null>;
};

const ALG = 'ES256';
const ISSUER = 'storefront-platform/uaa';

export async function loadSigner(db: Db): Promise<TokenSigner> {
  const { kid, privateKey, publicKey } = await loadOrCreateKey(db);
  const verified = verifiedTokens();
  return {
    sign: (claims, ttl) =>
      new SignJWT({ acc: claims.accountId, tid: claims.tenantId, sid: claims.sessionId ?? null })
        .setProtectedHeader({ alg: ALG, kid })
        .setSubject(claims.principalId)
        .setIssuer(ISSUER)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
        .sign(privateKey),
    verify: async (token) => {
      const known = verified.check(token);
      if (known !== undefined) return known;
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          issuer: ISSUER,
          algorithms: [ALG],
        });
        if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string') return null;
        const claims = {
          principalId: payload.sub,
          accountId: typeof payload.acc === 'string' ? payload.acc : null,
          tenantId: payload.tid,
          sessionId: typeof payload.sid === 'string' ? payload.sid : null,
        };
        // Ours always expire and never wait (no nbf); anything else is verified at each use.
        if (typeof payload.exp === 'number' && payload.nbf === undefined)
          verified.remember(token, claims, payload.exp);
        return { ...claims, expired: false };
      } catch (error) {
        return (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? { expired: true } : null;
      }
    },
  };
}

async function loadOrCreateKey(db: Db) {
  const existing = await db.query<{ kid: string; private_jwk: JWK; public_jwk: JWK }>(
    'select kid, private_jwk, public_jwk from signing_keys order by created_at desc limit 1',
  );
  let row = existing.rows[0];
  if (!row) {
    const pair = await generateKeyPair(ALG, { extractable: true });
    const candidate = {
      kid: randomUUID(),
      private_jwk: await exportJWK(pair.privateKey),
      public_jwk: await exportJWK(pair.publicKey),
    };
    // Two processes starting together: the first insert wins and both read it back.
    await db.query(
      'insert into signing_keys (kid, private_jwk, public_jwk) values ($1, $2, $3) on conflict do nothing',
      [candidate.kid, JSON.stringify(candidate.private_jwk), JSON.stringify(candidate.public_jwk)],
    );
    row = (
      await db.query<typeof candidate>(
        'select kid, private_jwk, public_jwk from signing_keys order by created_at asc limit 1',
      )
    ).rows[0]!;
  }
  return {
    kid: row.kid,
    privateKey: await importJWK(row.private_jwk, ALG),
    publicKey: await importJWK(row.public_jwk, ALG),
  };
}
