import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import type { UaaClient, UaaFailure } from '../uaa/client';
import { publicAccount, resolveAccount } from './account';
import { clearTokenCookies, readTokenCookies, setTokenCookies } from './cookies';
import { jsonError } from './json-error';
import type { Refresher } from './refresh';

// The gateway's session endpoints (BFF): the browser signs in, out, or starts a guest session here;
// tokens go only into httpOnly cookies, never into a response body (docs/decisions/0024).
type Deps = { uaa: UaaClient; refresher: Refresher; config: Config };

const SignInBody = z.object({
  email: z.string().trim().email('must be an e-mail address').max(254),
  password: z.string().min(1, 'is required').max(200),
});

export async function sessionRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { uaa, config } = deps;
  const ctx = (request: FastifyRequest) => ({ cid: request.cid, shopOrigin: request.shopOrigin });

  // Session answers are personal: never stored by any cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post('/auth/sign-in', async (request, reply) => {
    const body = SignInBody.safeParse(request.body);
    if (!body.success) {
      const detail = body.error.issues
        .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
        .join('; ');
      return jsonError(reply, 400, 'invalid_request', `Invalid sign-in request: ${detail}`);
    }
    // A guest's refresh token lets uaa merge the guest cart into the account's cart.
    const { refreshToken } = readTokenCookies(request);
    const result = await uaa.signIn(ctx(request), {
      ...body.data,
      guestRefreshToken: refreshToken ?? undefined,
    });
    if (result.kind === 'invalid_grant')
      return jsonError(reply, 401, 'invalid_credentials', 'Wrong e-mail or password');
    if (result.kind === 'refused') return jsonError(reply, 403, 'sign_in_refused', result.message);
    if (result.kind === 'locked') {
      reply.header('retry-after', String(result.retryAfter));
      return jsonError(reply, 429, 'too_many_attempts', result.message);
    }
    if (result.kind === 'failed') return upstreamFailure(request, reply, 'sign-in', result);

    setTokenCookies(reply, result.pair, config);
    const tokens = {
      accessToken: result.pair.access_token,
      refreshToken: result.pair.refresh_token,
    };
    const account = await uaa.account(ctx(request), tokens);
    if (account.kind !== 'ok') {
      // Signed in all the same: the next page load asks for the account again.
      request.log.warn(
        { upstreamStatus: account.kind === 'failed' ? account.status : 401 },
        'account call after sign-in failed',
      );
      return { account: null };
    }
    return { account: publicAccount(account.account) };
  });

  app.post('/auth/sign-out', async (request, reply) => {
    const { refreshToken } = readTokenCookies(request);
    if (refreshToken) {
      const result = await uaa.signOut(ctx(request), refreshToken);
      // The cookies go anyway: the visitor asked to leave, and the token expires on its own.
      if (result.kind === 'failed') {
        request.log.warn(
          { upstreamStatus: result.status, reason: result.reason },
          'sign-out: revocation failed',
        );
      }
    }
    clearTokenCookies(reply, config);
    return reply.code(204).send();
  });

  app.post('/auth/guest', async (request, reply) => {
    // A visitor who can still renew a session keeps it (guest or signed in): nothing to do.
    if (readTokenCookies(request).refreshToken) return { guest: false };
    const result = await uaa.guest(ctx(request));
    if (result.kind !== 'ok') return upstreamFailure(request, reply, 'guest session', result);
    setTokenCookies(reply, result.pair, config);
    return { guest: true };
  });

  app.get('/auth/session', async (request, reply) => {
    const { account } = await resolveAccount(request, reply, deps);
    return { account };
  });
}

function upstreamFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  what: string,
  failure: UaaFailure | { kind: 'invalid_grant' },
) {
  const status = failure.kind === 'failed' ? failure.status : 400;
  const timedOut = failure.kind === 'failed' && failure.reason === 'timeout';
  request.log.warn(
    { upstreamStatus: status, reason: failure.kind === 'failed' ? failure.reason : failure.kind },
    `${what}: uaa failed`,
  );
  return timedOut
    ? jsonError(
        reply,
        504,
        'upstream_timeout',
        `The account service did not answer in time (${what})`,
      )
    : jsonError(reply, 502, 'upstream_error', `The account service failed (${what})`);
}
