import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { UaaCallContext } from '../uaa/client';
import { clearedCookieValues, tokenCookieValues, type SerializeCookie } from './cookies';
import type { Refresher } from './refresh';

// The access token a proxied call carries as Bearer. Renewed first when it is missing or expires
// within a minute (Duende BFF's margin), or when the upstream refused it. The gateway never
// verifies the token: uaa and the services do; `exp` only decides when to renew early.
export const RENEW_MARGIN_SECONDS = 60;

/**
 * A renewal's outcome for the answer being written: the token to send now and the Set-Cookie
 * values the answer must carry (the new pair, or both cookies cleared when uaa ended the session).
 * A transient failure keeps the current token and sets nothing: it does not sign the visitor out.
 */
export type Renewal =
  | { kind: 'renewed'; accessToken: string; cookies: string[] }
  | { kind: 'ended'; cookies: string[] }
  | { kind: 'kept' };

export type RenewalDeps = {
  refresher: Refresher;
  config: Pick<Config, 'cookieSecure'>;
  serializeCookie: SerializeCookie;
};

/** Whether a call with these tokens renews before it is sent. */
export function renewsFirst(accessToken: string | null, refreshToken: string | null): boolean {
  return refreshToken !== null && (accessToken === null || expiresSoon(accessToken));
}

export async function renewAccessToken(
  deps: RenewalDeps,
  refreshToken: string,
  ctx: UaaCallContext,
  log: FastifyBaseLogger,
): Promise<Renewal> {
  const outcome = await deps.refresher.refresh(refreshToken, ctx);
  if (outcome.kind === 'refreshed') {
    const cookies = tokenCookieValues(deps.serializeCookie, outcome.pair, deps.config);
    return { kind: 'renewed', accessToken: outcome.pair.access_token, cookies };
  }
  if (outcome.kind === 'invalid_grant') {
    log.info('session ended: refresh token refused by uaa (invalid_grant)');
    return { kind: 'ended', cookies: clearedCookieValues(deps.serializeCookie, deps.config) };
  }
  log.warn(
    { upstreamStatus: outcome.status, reason: outcome.reason },
    'token refresh failed; using the current token',
  );
  return { kind: 'kept' };
}

/** True when the token is a JWT whose exp is within the margin; opaque tokens are never "due". */
export function expiresSoon(token: string, nowSeconds = Date.now() / 1000): boolean {
  const exp = expiryOf(token);
  return exp !== null && exp - nowSeconds < RENEW_MARGIN_SECONDS;
}

/**
 * The `exp` claim of a JWT (header.payload.signature), or null: an opaque token, or a payload that
 * is not a JSON object with a numeric `exp`. Read, never verified (uaa and the services verify).
 * Node's own base64url decoder rather than jose's decodeJwt, a visible share of a proxied call's
 * CPU when asked on every one (docs/decisions/0022).
 */
export function expiryOf(token: string): number | null {
  const first = token.indexOf('.');
  const second = token.indexOf('.', first + 1);
  if (first < 1 || second === -1 || token.indexOf('.', second + 1) !== -1) return null;
  // Remembered by the payload (a pure function of it; readable by whoever holds the token, and no
  // credential without the signature): a visitor's calls carry the same token for minutes.
  const payload = token.slice(first + 1, second);
  const known = expiries.get(payload);
  if (known !== undefined) return known;
  if (expiries.size >= MAX_REMEMBERED) expiries.clear();
  const exp = readExpiry(payload);
  expiries.set(payload, exp);
  return exp;
}

// ~1,000 payloads of a few hundred bytes: well under a megabyte.
const MAX_REMEMBERED = 1024;
const expiries = new Map<string, number | null>();

function readExpiry(payload: string): number | null {
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}
