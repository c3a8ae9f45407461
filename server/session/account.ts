import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../../shared/contracts/uaa';
import type { Config } from '../config';
import type { AccountResult, SessionTokens, UaaClient } from '../uaa/client';
import { accessCookieDead, expiresSoon, logRefusal, refusalEndsSession } from './access-token';
import { clearTokenCookies, readTokenCookies, sessionVouched, setTokenCookies } from './cookies';
import type { Refresher } from './refresh';

// The visitor's account for a page load (specification sections 4 and 8, brief "Guests"):
// - uaa is asked only when both token cookies exist, with both tokens in a Cookie header; an
//   access token alone that has expired is cleared (it can never be renewed);
// - logged in only when the account has an id; a guest (no id) keeps its access token for the cart;
// - an access token that expires within a minute is refreshed first; one the account call finds
//   expired is refreshed once (shared per visitor) and the call retried once;
// - invalid_grant ends the session (cookies cleared), unless it refused an early renewal of a token
//   that still works (access-token.ts, refusalEndsSession); any other failure is logged and the
//   visitor is treated as logged out for this request, keeping the cookies.
// Which requests saw uaa end the session is remembered (sessionEndedIn): only those may start a
// new session over the old cookies (page-session.ts, ensureSession).
export type PublicAccount = { id: string; login: string | null; email: string | null };
export type ResolvedAccount = { account: PublicAccount | null; accessToken: string | null };
export type AccountDeps = {
  uaa: UaaClient;
  refresher: Refresher;
  config: Config;
  /**
   * Told once, as soon as it is known, which access token the page's own calls may carry: the
   * cookie's, a renewed one, or none (ADR 0270: the page's calls start beside the account call).
   */
  onToken?: (accessToken: string | null) => void;
  /**
   * True when no cookie can be set any more (the page's head is sent, ADR 0271): a token the
   * account call refuses is then not renewed here (the renewed cookies could not reach the
   * browser); the visitor is logged out for this page and the caller renews on the next.
   */
  renewalBlocked?: (accessToken: string) => boolean;
  /**
   * uaa refused the cookie's token and a renewal is about to be tried: until it answers, the
   * visitor may turn out a guest (the page asks its guest context beside it, ADR 0305).
   */
  onRefused?: () => void;
};

const LOGGED_OUT: ResolvedAccount = { account: null, accessToken: null };

export async function resolveAccount(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AccountDeps,
): Promise<ResolvedAccount> {
  const { accessToken, refreshToken } = readTokenCookies(request);
  if (!accessToken || !refreshToken) {
    // An access token past its expiry with no refresh token to renew it is a session over: the
    // token cookies are cleared as sign-out clears them (ADR 0385). One that works stays until
    // it expires (the proxy still sends it).
    if (accessCookieDead({ accessToken, refreshToken })) clearTokenCookies(reply, deps.config);
    deps.onToken?.(null);
    return LOGGED_OUT;
  }
  const ctx = { cid: request.cid, shopOrigin: request.shopOrigin };

  let tokens = { accessToken, refreshToken };
  let renewed = false;
  // Renewed ahead of expiry, with the proxy's margin (Duende: 60 s): a token that expired while the
  // page's calls were running would sign the visitor out halfway through it (issue #12 item 8).
  if (expiresSoon(accessToken)) {
    const outcome = await renew(request, reply, deps, refreshToken, accessToken);
    if (outcome === 'ended') {
      deps.onToken?.(null);
      return LOGGED_OUT;
    }
    // A transient failure, or a refusal while the token still works: it may do for this request.
    if (outcome !== 'kept') tokens = outcome;
    renewed = true;
  }
  deps.onToken?.(tokens.accessToken);
  let result: AccountResult = await deps.uaa.account(ctx, tokens);
  if (result.kind === 'expired' && !renewed && deps.renewalBlocked?.(tokens.accessToken)) {
    request.log.warn('account call refused the token after the head was sent; renewed next page');
    return LOGGED_OUT;
  }
  if (result.kind === 'expired' && !renewed) {
    deps.onRefused?.();
    const outcome = await renew(request, reply, deps, refreshToken, null);
    if (outcome === 'ended' || outcome === 'kept') return LOGGED_OUT;
    tokens = outcome;
    result = await deps.uaa.account(ctx, tokens);
  }

  if (result.kind === 'expired') {
    request.log.warn(
      { upstreamStatus: 401 },
      'account call refused a fresh access token; treated as logged out',
    );
    return LOGGED_OUT;
  }
  if (result.kind === 'failed') {
    request.log.warn(
      { upstreamStatus: result.status, reason: result.reason },
      'account call failed; treated as logged out',
    );
    return LOGGED_OUT;
  }
  return { account: publicAccount(result.account), accessToken: tokens.accessToken };
}

/**
 * One refresh (shared per visitor): the new tokens (cookies set), `ended` (cookies cleared) or
 * `kept` (cookies left as they are). `ahead`: the access token when it is renewed before it
 * expires, null when the account call refused it.
 */
async function renew(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AccountDeps,
  refreshToken: string,
  ahead: string | null,
): Promise<SessionTokens | 'ended' | 'kept'> {
  const ctx = {
    cid: request.cid,
    shopOrigin: request.shopOrigin,
    // Who asks, for the failed-renewal budget (ADR 0357).
    address: request.ip,
    vouched: sessionVouched(request, deps.config),
  };
  const refreshed = await deps.refresher.refresh(refreshToken, ctx);
  if (refreshed.kind === 'invalid_grant' && !refusalEndsSession(ahead)) {
    logRefusal(request.log, refreshed.refusedBy, 'kept');
    return 'kept';
  }
  if (refreshed.kind === 'invalid_grant') {
    logRefusal(request.log, refreshed.refusedBy, 'ended');
    clearTokenCookies(reply, deps.config);
    endedSessions.add(request);
    return 'ended';
  }
  if (refreshed.kind === 'failed') {
    request.log.warn(
      { upstreamStatus: refreshed.status, reason: refreshed.reason },
      'token refresh failed; treated as logged out',
    );
    return 'kept';
  }
  setTokenCookies(reply, refreshed.pair, deps.config);
  return {
    accessToken: refreshed.pair.access_token,
    refreshToken: refreshed.pair.refresh_token,
  };
}

// Requests in which uaa ended the visitor's session (their cookies cleared in the answer). Weak:
// an entry goes with its request.
const endedSessions = new WeakSet<FastifyRequest>();

/**
 * True when uaa ended the session of this request's cookies (invalid_grant). Without it, a visitor
 * with both cookies and no usable token is one uaa could not answer for: the session stands.
 */
export function sessionEndedIn(request: FastifyRequest): boolean {
  return endedSessions.has(request);
}

/** Only id, login and email leave the gateway; an account without an id is a guest (null). */
export function publicAccount(account: Account): PublicAccount | null {
  const id = account.id === null || account.id === undefined ? '' : String(account.id);
  if (id === '') return null;
  return { id, login: account.login ?? null, email: account.email ?? null };
}
