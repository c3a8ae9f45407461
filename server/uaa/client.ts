import type { z } from 'zod';
import { ServiceError } from '../../shared/contracts/errors';
import { Account, TokenPair, UaaError, uaaPaths } from '../../shared/contracts/uaa';
import type { Platform } from '../upstream/platform';
import { callUaa, type UaaCallContext, type UaaExchange } from './call';

// The uaa contract as the gateway consumes it. Every answer is parsed with the shared zod schemas;
// anything unexpected is a `failed` result carrying the upstream status (null: no answer), so the
// callers decide between "session over" and "try again later" on a closed set of cases.
export type { UaaCallContext };

export type UaaFailure = {
  kind: 'failed';
  status: number | null;
  reason: 'timeout' | 'network' | 'status' | 'body';
};
export type TokenResult = { kind: 'ok'; pair: TokenPair } | { kind: 'invalid_grant' } | UaaFailure;
/**
 * A renewal's answer. `refused`: any other 4xx but 408 and 429 (400 invalid_request, 401
 * unauthorized, a 421, a 400 with no OAuth body): not the token's death as invalid_grant is (an
 * ingress in front of uaa may answer it), but not uaa's trouble either (ADR 0364).
 */
export type RefreshResult = TokenResult | { kind: 'refused'; status: number };
export type SignInResult =
  | TokenResult
  | { kind: 'refused'; status: number; message: string }
  /** uaa's lockout per (e-mail, client address) and its per-e-mail ceiling (docs/decisions/0241). */
  | { kind: 'locked'; retryAfter: number; message: string };
export type AccountResult = { kind: 'ok'; account: Account } | { kind: 'expired' } | UaaFailure;
export type SignOutResult = { kind: 'ok' } | UaaFailure;
export type SessionTokens = { accessToken: string; refreshToken: string };
/** What the visitor holds of a session: either token may be missing, not both. */
export type HeldTokens = { accessToken: string | null; refreshToken: string | null };

export type UaaClient = {
  account(ctx: UaaCallContext, tokens: SessionTokens): Promise<AccountResult>;
  signIn(
    ctx: UaaCallContext,
    input: { email: string; password: string; guestRefreshToken?: string },
  ): Promise<SignInResult>;
  guest(ctx: UaaCallContext): Promise<TokenResult>;
  refresh(ctx: UaaCallContext, refreshToken: string): Promise<RefreshResult>;
  signOut(ctx: UaaCallContext, tokens: HeldTokens): Promise<SignOutResult>;
};

// Platform errors may come as { error: 'code' } (OAuth style) or { error: { code, message } }.

export function createUaaClient(platform: Platform, timeoutMs: number): UaaClient {
  const post = (ctx: UaaCallContext, path: string, json?: unknown) =>
    callUaa(platform, timeoutMs, ctx, { method: 'POST', path, json });

  return {
    async account(ctx, tokens) {
      const exchange = await callUaa(platform, timeoutMs, ctx, {
        method: 'GET',
        path: uaaPaths.account,
        // Specification section 7: both tokens in a Cookie header. The upstream contract gives
        // this call the bearer scheme (and the conformance kit checks it so), so an adopter's uaa
        // may read the token from Authorization alone: the access token goes there as well.
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          cookie: `access_token=${tokens.accessToken}; refresh_token=${tokens.refreshToken}`,
        },
      });
      if (exchange.kind === 'answered' && exchange.status === 401) return { kind: 'expired' };
      return parseOk(exchange, Account, (account) => ({ kind: 'ok', account }));
    },

    async signIn(ctx, input) {
      const exchange = await post(ctx, uaaPaths.signIn, {
        email: input.email,
        password: input.password,
        ...(input.guestRefreshToken ? { guest_refresh_token: input.guestRefreshToken } : {}),
      });
      if (exchange.kind === 'answered' && (exchange.status === 401 || isInvalidGrant(exchange))) {
        return { kind: 'invalid_grant' };
      }
      if (exchange.kind === 'answered' && exchange.status === 429) {
        return {
          kind: 'locked',
          retryAfter: exchange.retryAfter ?? 60,
          message: errorMessage(exchange.body) ?? 'Too many sign-in attempts',
        };
      }
      // Any other refusal (403, 421 for a host that is no shop, 400) is the request's, not uaa's
      // failure: passed on as a 4xx with uaa's message (issue #12 item 6).
      if (exchange.kind === 'answered' && exchange.status >= 400 && exchange.status < 500) {
        return {
          kind: 'refused',
          status: exchange.status,
          message: errorMessage(exchange.body) ?? 'Sign-in refused',
        };
      }
      return tokenResult(exchange);
    },

    async guest(ctx) {
      return tokenResult(await post(ctx, uaaPaths.guest));
    },

    async refresh(ctx, refreshToken) {
      const exchange = await post(ctx, uaaPaths.refresh, { refresh_token: refreshToken });
      if (isInvalidGrant(exchange)) return { kind: 'invalid_grant' };
      if (refusesToken(exchange)) return { kind: 'refused', status: exchange.status };
      return tokenResult(exchange);
    },

    async signOut(ctx, { accessToken, refreshToken }) {
      // Both tokens name the session: the access token alone ends it too (issue #27, ADR 0243).
      const exchange = await callUaa(platform, timeoutMs, ctx, {
        method: 'POST',
        path: uaaPaths.signOut,
        json: refreshToken ? { refresh_token: refreshToken } : {},
        ...(accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {}),
      });
      if (exchange.kind === 'answered' && exchange.status >= 200 && exchange.status < 300)
        return { kind: 'ok' };
      return failure(exchange);
    },
  };
}

function tokenResult(exchange: UaaExchange): TokenResult {
  return parseOk(exchange, TokenPair, (pair) => ({ kind: 'ok', pair }));
}

/** A 2xx whose body matches the schema, or a failure naming what went wrong. */
function parseOk<S extends z.ZodType, R>(
  exchange: UaaExchange,
  schema: S,
  wrap: (value: z.infer<S>) => R,
): R | UaaFailure {
  if (exchange.kind !== 'answered' || exchange.status < 200 || exchange.status >= 300)
    return failure(exchange);
  const parsed = schema.safeParse(exchange.body);
  return parsed.success
    ? wrap(parsed.data)
    : { kind: 'failed', status: exchange.status, reason: 'body' };
}

function failure(exchange: UaaExchange): UaaFailure {
  return exchange.kind === 'answered'
    ? { kind: 'failed', status: exchange.status, reason: 'status' }
    : { kind: 'failed', status: null, reason: exchange.reason };
}

// invalid_grant: the refresh token is spent, expired or revoked (or the credentials are wrong).
function isInvalidGrant(exchange: UaaExchange): boolean {
  if (exchange.kind !== 'answered' || (exchange.status !== 400 && exchange.status !== 401))
    return false;
  const oauth = UaaError.safeParse(exchange.body);
  if (oauth.success) return oauth.data.error === 'invalid_grant';
  const platform = ServiceError.safeParse(exchange.body);
  return platform.success && platform.data.error.code === 'invalid_grant';
}

// uaa's other 4xx to a renewal: a refusal of the request, which may be uaa's of the token or an
// ingress's before it (a 404, 403 or 421 in a deploy, an auth proxy's 401): it ends no session,
// but a token without the gateway's proof counts against its address. Not 408 and 429: uaa timed
// out or is overloaded, its trouble as a 5xx is, counted nowhere (ADR 0364).
function refusesToken(
  exchange: UaaExchange,
): exchange is Extract<UaaExchange, { kind: 'answered' }> {
  return (
    exchange.kind === 'answered' &&
    exchange.status >= 400 &&
    exchange.status < 500 &&
    exchange.status !== 408 &&
    exchange.status !== 429
  );
}

function errorMessage(body: unknown): string | undefined {
  const oauth = UaaError.safeParse(body);
  if (oauth.success) return oauth.data.error_description ?? oauth.data.error;
  const platform = ServiceError.safeParse(body);
  return platform.success ? platform.data.error.message : undefined;
}
