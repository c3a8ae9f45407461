import type { FastifyBaseLogger } from 'fastify';
import {
  clearedCookieValues,
  tokenCookieValues,
  type CookieConfig,
  type SerializeCookie,
} from './cookies';
import type { Refresher, RenewalContext } from './refresh';
import { expiryOf } from './token-expiry';

// The access token a proxied call carries as Bearer. Renewed first when it is missing or expires
// within a minute (Duende BFF's margin), or when the upstream refused it. The gateway never
// verifies the token: uaa and the services do; `exp` only decides when to renew early, and
// whether uaa's refusal of an early renewal ends the session (refusalEndsSession).
export const RENEW_MARGIN_SECONDS = 60;

/**
 * A renewal's outcome for the answer being written: the token to send now and the Set-Cookie
 * values the answer must carry (the new pair, or both cookies cleared when uaa ended the session).
 * A transient failure, or a refusal of a renewal made ahead of expiry, keeps the current token
 * and sets nothing: it does not sign the visitor out.
 */
export type Renewal =
  | { kind: 'renewed'; accessToken: string; cookies: string[] }
  | { kind: 'ended'; cookies: string[] }
  | { kind: 'kept' };

export type RenewalDeps = {
  refresher: Pick<Refresher, 'refresh'>;
  config: CookieConfig;
  serializeCookie: SerializeCookie;
};

/** Whether a call with these tokens renews before it is sent. */
export function renewsFirst(accessToken: string | null, refreshToken: string | null): boolean {
  return refreshToken !== null && (accessToken === null || expiresSoon(accessToken));
}

/**
 * `ahead`: the access token when it is renewed before it expires (null when it is missing or a
 * service refused it); a refusal then leaves it in use (refusalEndsSession).
 */
export async function renewAccessToken(
  deps: RenewalDeps,
  refreshToken: string,
  ctx: RenewalContext,
  log: FastifyBaseLogger,
  ahead: string | null = null,
): Promise<Renewal> {
  const outcome = await deps.refresher.refresh(refreshToken, ctx);
  if (outcome.kind === 'refreshed') {
    const cookies = tokenCookieValues(
      deps.serializeCookie,
      outcome.pair,
      ctx.shopOrigin,
      deps.config,
    );
    return { kind: 'renewed', accessToken: outcome.pair.access_token, cookies };
  }
  if (outcome.kind === 'invalid_grant' && !refusalEndsSession(ahead)) {
    log.info('early renewal refused by uaa (invalid_grant); the current token goes on');
    return { kind: 'kept' };
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
 * Whether uaa refusing a renewal (invalid_grant) ends the session here, clearing both cookies.
 * Not while the token renewed ahead of its expiry still works: the request may have left the
 * browser just before a sign-in ended its session (a guest's, merged into the account, ADR 0243),
 * and clearing would drop the cookies the sign-in has just set. It goes on with its token; once
 * that has expired, or a service refused it (`ahead` null), the refusal clears them (ADR 0022).
 */
export function refusalEndsSession(ahead: string | null, nowSeconds = Date.now() / 1000): boolean {
  const exp = ahead === null ? null : expiryOf(ahead);
  return exp === null || exp <= nowSeconds;
}
