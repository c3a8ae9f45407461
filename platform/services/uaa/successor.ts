import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { TokenPair } from '../../../shared/contracts/uaa';

// The pair that replaced a rotated refresh token, kept on the spent row for the reuse window
// (docs/decisions/0220). Sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the spent
// refresh token itself: the database holds only that token's SHA-256, so a copy of the database
// reveals no live token; only whoever presents the spent token can open its successor.
const INFO = 'uaa refresh-token successor';

const keyOf = (refreshToken: string) =>
  Buffer.from(hkdfSync('sha256', refreshToken, Buffer.alloc(0), INFO, 32));

export function sealSuccessor(spentToken: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(spentToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair)), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The successor pair, or null when the sealed value does not open with this token. */
export function openSuccessor(spentToken: string, sealed: string): TokenPair | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(spentToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString();
    const parsed = TokenPair.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
