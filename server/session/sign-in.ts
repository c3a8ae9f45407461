import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { codeOfStatus } from '../errors/status';
import type { UaaClient } from '../uaa/client';
import { publicAccount, type PublicAccount } from './account';
import { clearTokenCookies, readTokenCookies, setTokenCookies } from './cookies';
import type { Refresher } from './refresh';

// Password sign-in and sign-out, shared by the JSON endpoints (/auth/sign-in, /auth/sign-out) and
// the sign-in screen's form posts without JavaScript: one place sets and clears the token cookies.
export type SignInOutcome =
  | { kind: 'ok'; account: PublicAccount | null }
  | { kind: 'error'; status: number; code: string; message: string };

type Deps = { uaa: UaaClient; config: Config; refresher: Pick<Refresher, 'newest'> };

export async function passwordSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Deps,
  input: { email: string; password: string },
): Promise<SignInOutcome> {
  // The visitor's address goes with the sign-in: uaa's lockout counts per address (ADR 0241).
  const ctx = { cid: request.cid, shopOrigin: request.shopOrigin, clientAddress: request.ip };
  // A guest's refresh token lets uaa merge the guest cart into the account's cart: the newest
  // of it, when another request of the guest's has just rotated it (here or on another replica).
  const { refreshToken } = readTokenCookies(request);
  const result = await deps.uaa.signIn(ctx, {
    ...input,
    guestRefreshToken: refreshToken ? await deps.refresher.newest(refreshToken, ctx) : undefined,
  });
  if (result.kind === 'invalid_grant')
    return {
      kind: 'error',
      status: 401,
      code: 'invalid_credentials',
      message: 'Wrong e-mail or password',
    };
  if (result.kind === 'refused') {
    const code = result.status === 403 ? 'sign_in_refused' : codeOfStatus(result.status);
    return { kind: 'error', status: result.status, code, message: result.message };
  }
  if (result.kind === 'locked') {
    // uaa's lockout per (e-mail, address) or its per-e-mail ceiling (docs/decisions/0241).
    reply.header('retry-after', String(result.retryAfter));
    return { kind: 'error', status: 429, code: 'too_many_attempts', message: result.message };
  }
  if (result.kind === 'failed') {
    request.log.warn(
      { upstreamStatus: result.status, reason: result.reason },
      'sign-in: uaa failed',
    );
    return result.reason === 'timeout'
      ? {
          kind: 'error',
          status: 504,
          code: 'upstream_timeout',
          message: 'The account service did not answer in time (sign-in)',
        }
      : {
          kind: 'error',
          status: 502,
          code: 'upstream_error',
          message: 'The account service failed (sign-in)',
        };
  }

  setTokenCookies(reply, result.pair, deps.config);
  const account = await deps.uaa.account(ctx, {
    accessToken: result.pair.access_token,
    refreshToken: result.pair.refresh_token,
  });
  if (account.kind !== 'ok') {
    // Signed in all the same: the next page load asks for the account again.
    request.log.warn(
      { upstreamStatus: account.kind === 'failed' ? account.status : 401 },
      'account call after sign-in failed',
    );
    return { kind: 'ok', account: null };
  }
  return { kind: 'ok', account: publicAccount(account.account) };
}

export async function signOut(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<Deps, 'uaa' | 'config'>,
): Promise<void> {
  const tokens = readTokenCookies(request);
  // Either cookie names the session: a visitor left with the access token alone is signed out
  // at uaa as well, so that the token is refused from now on, not honoured until it expires.
  if (tokens.refreshToken || tokens.accessToken) {
    const result = await deps.uaa.signOut(
      { cid: request.cid, shopOrigin: request.shopOrigin },
      tokens,
    );
    // The cookies go anyway: the visitor asked to leave, and the token expires on its own.
    if (result.kind === 'failed') {
      request.log.warn(
        { upstreamStatus: result.status, reason: result.reason },
        'sign-out: revocation failed',
      );
    }
  }
  clearTokenCookies(reply, deps.config);
}
