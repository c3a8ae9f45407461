import { createHash, randomBytes } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';

// The sign-in transaction between "Continue with ..." and the provider's redirect back: state,
// nonce, PKCE verifier, provider, shop origin and return path, in a short-lived, httpOnly cookie,
// encrypted and authenticated (JWE, dir + A256GCM) so the browser can neither read nor change it.
export const TRANSACTION_COOKIE = 'social_tx';
export const TRANSACTION_PATH = '/auth/social';
export const TRANSACTION_SECONDS = 600;

export type SocialTransaction = {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  origin: string;
  returnTo: string;
};

export type TransactionSealer = {
  seal(tx: SocialTransaction, expiresAt?: number): Promise<string>;
  /** The transaction, or 'expired' / 'invalid'. */
  open(value: string | undefined): Promise<SocialTransaction | 'expired' | 'invalid' | 'missing'>;
};

export function createSealer(secret: string | undefined): TransactionSealer {
  // Without a configured secret, a per-process key: fine for one gateway, not for replicas.
  const key = createHash('sha256')
    .update(secret ?? randomBytes(32))
    .digest();
  return {
    async seal(tx, expiresAt = Math.floor(Date.now() / 1000) + TRANSACTION_SECONDS) {
      return new EncryptJWT({ tx })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .encrypt(key);
    },
    async open(value) {
      if (!value) return 'missing';
      if (value.length > 4096) return 'invalid';
      try {
        const { payload } = await jwtDecrypt(value, key, { clockTolerance: 0 });
        return payload.tx as SocialTransaction;
      } catch (error) {
        return (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid';
      }
    },
  };
}
