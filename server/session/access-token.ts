import type { FastifyBaseLogger } from 'fastify';
import {
  ACCESS_COOKIE,
  clearedCookieValues,
  tokenCookieValues,
  type CookieConfig,
  type SerializeCookie,
  type TokenCookies,
} from './cookies';
import type { Refresher, RenewalContext, RenewalRefuser } from './refresh';
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
    logRefusal(log, outcome.refusedBy, 'kept');
    return { kind: 'kept' };
  }
  if (outcome.kind === 'invalid_grant') {
    logRefusal(log, outcome.refusedBy, 'ended');
    return { kind: 'ended', cookies: clearedCookieValues(deps.serializeCookie, deps.config) };
  }
  log.warn(
    { upstreamStatus: outcome.status, reason: outcome.reason },
    'token refresh failed; using the current token',
  );
  return { kind: 'kept' };
}

/** Who refused a renewal, in the words of its log line. */
const REFUSED_BY: Record<RenewalRefuser, string> = {
  uaa: 'refused by uaa (invalid_grant)',
  refused_before: 'refused as remembered from an earlier refusal by uaa (uaa not asked)',
  address_budget: "refused by the address's failed-renewal budget (uaa not asked)",
};

/**
 * The line of a refused renewal: the session ended, or an early renewal's token goes on. It says
 * who refused: uaa, or the gateway without asking it (ADR 0357), and `renewalRefusedBy` names it
 * as gateway_renewals_refused_total{reason} does, so a line is found from the metric (ADR 0373).
 */
export function logRefusal(
  log: Pick<FastifyBaseLogger, 'info'>,
  refusedBy: RenewalRefuser,
  session: 'ended' | 'kept',
): void {
  const words = REFUSED_BY[refusedBy];
  log.info(
    { renewalRefusedBy: refusedBy },
    session === 'ended'
      ? `session ended: refresh token ${words}`
      : `early renewal ${words}; the current token goes on`,
  );
}

/** True when the token is a JWT whose exp is within the margin; opaque tokens are never "due". */
export function expiresSoon(token: string, nowSeconds = Date.now() / 1000): boolean {
  const exp = expiryOf(token);
  return exp !== null && exp - nowSeconds < RENEW_MARGIN_SECONDS;
}

/** True when the token is a JWT whose exp has passed; an opaque token's expiry is unknown. */
export function hasExpired(token: string, nowSeconds = Date.now() / 1000): boolean {
  const exp = expiryOf(token);
  return exp !== null && exp <= nowSeconds;
}

/**
 * True when the request sent an access token past its own `exp` and no refresh token: nothing can
 * renew it, and every call that carries it is refused. Decided by the token's own expiry, never
 * by a service's 401: a token that still works may be refused because a sign-in has just merged
 * its guest session, and clearing then would drop the cookie the sign-in set (ADRs 0243, 0391).
 */
export function accessCookieDead(
  { accessToken, refreshToken }: TokenCookies,
  nowSeconds = Date.now() / 1000,
): boolean {
  return accessToken !== null && refreshToken === null && hasExpired(accessToken, nowSeconds);
}

/**
 * The Set-Cookie value that clears a dead access cookie (accessCookieDead), with the attributes
 * sign-out clears it with, or none. Only the access cookie: it is all the request sent of the
 * session (ADR 0391).
 */
export function deadAccessCookieCleared(
  deps: Pick<RenewalDeps, 'config' | 'serializeCookie'>,
  tokens: TokenCookies,
): string[] {
  return accessCookieDead(tokens)
    ? clearedCookieValues(deps.serializeCookie, deps.config, [ACCESS_COOKIE])
    : [];
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
