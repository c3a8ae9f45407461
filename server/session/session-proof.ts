import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { cookieScope } from './cookie-scope';

// The gateway's proof that it set a refresh token cookie itself (ADR 0357): an HMAC of the token
// under a key every replica shares (PAGE_PROOF_SECRET, else SOCIAL_COOKIE_SECRET, else one per
// process), sent beside the token cookies as `session_proof`. A renewal whose token carries its
// proof is never refused by the failed-renewal budget: a made-up token cannot have one, so the
// shoppers behind an address an attacker shares keep renewing. Not a credential: uaa still decides.
// It names the shop it was set for as the cookie is scoped (./cookie-scope.ts: scheme and host
// name, any port of it, ADR 0364; the cookie is host-only: a browser sends it back there alone):
// a refused token's refusal is remembered per shop (./refresh.ts), so a proof valid under any Host
// would let one spent token, replayed under a new Host each time, reach uaa without bound; under
// another Host it proves nothing, and the address budget applies.
const PROCESS_KEY = randomBytes(32);
const keys = new Map<string, Buffer>();

function keyOf(secret: string | undefined): Buffer {
  if (secret === undefined) return PROCESS_KEY;
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'storefront session proof', 32));
    keys.set(secret, key);
  }
  return key;
}

const mac = (refreshToken: string, shopOrigin: string, secret: string | undefined) =>
  createHmac('sha256', keyOf(secret))
    .update(cookieScope(shopOrigin))
    .update('\n')
    .update(refreshToken)
    .digest()
    .subarray(0, 24);

/** The proof of a refresh token set for a shop origin, any port of it (base64url, 32 chars). */
export function sessionProof(
  refreshToken: string,
  shopOrigin: string,
  secret: string | undefined,
): string {
  return mac(refreshToken, shopOrigin, secret).toString('base64url');
}

/** True when `proof` is this refresh token's proof, set for this shop origin or another port. */
export function provesSession(
  refreshToken: string,
  shopOrigin: string,
  proof: string | undefined,
  secret: string | undefined,
): boolean {
  if (typeof proof !== 'string' || proof.length !== 32) return false;
  const sent = Buffer.from(proof, 'base64url');
  const expected = mac(refreshToken, shopOrigin, secret);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
