import { LRUCache } from 'lru-cache';
import type { AccessClaims } from './access-claims';

// A page sends the same access token with every one of its calls, and checking an ES256
// signature is the costliest step of a call's token check (docs/decisions/0282). What the
// signature check decides (signature, algorithm, issuer, claims) cannot change for a given token
// string, so a token that passed once is remembered; only its expiry depends on the time, and
// it is checked at every use, as jose checks it (`exp <= now`, in whole seconds). Only tokens
// that passed are remembered: a forged or malformed one is checked in full every time.
export type TokenCheck = (AccessClaims & { expired: false }) | { expired: true } | null;
export type VerifiedTokens = {
  /** The remembered answer for this token, or undefined when it must be verified. */
  check(token: string): TokenCheck | undefined;
  /** Remembers a token that passed verification, with its `exp` (seconds since the epoch). */
  remember(token: string, claims: AccessClaims, exp: number): void;
};

export function verifiedTokens(max = 10_000, now = () => Date.now()): VerifiedTokens {
  const known = new LRUCache<string, { claims: AccessClaims; exp: number }>({ max });
  return {
    check: (token) => {
      const entry = known.get(token);
      if (!entry) return undefined;
      if (entry.exp <= Math.floor(now() / 1000)) {
        known.delete(token);
        return { expired: true };
      }
      return { ...entry.claims, expired: false };
    },
    remember: (token, claims, exp) => void known.set(token, { claims, exp }),
  };
}
