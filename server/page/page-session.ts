import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayLoadContext, PageFailure } from '../../shared/load-context';
import type { Config } from '../config';
import { sessionEndedIn } from '../session/account';
import { readTokenCookies, setTokenCookies } from '../session/cookies';
import { passwordSignIn, signOut } from '../session/sign-in';
import { startSocialSignIn } from '../social/flow';

/** The token the page's private calls carry, once known. */
export type PageToken = { current: string | null };

/** The session's form actions a page's route actions call. */
export function pageSessionActions(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  deps: {
    config: Config;
    /** What the page context found wrong with this shop (none: it is one), once it is in. */
    shopFailure: () => Promise<PageFailure | null>;
  },
): GatewayLoadContext['session'] {
  const { config } = deps;
  return {
    signIn: async (email: string, password: string) => {
      const outcome = await passwordSignIn(
        request,
        reply,
        { uaa: app.uaa, config, refresher: app.refresher },
        {
          email,
          password,
        },
      );
      return outcome.kind === 'ok'
        ? { ok: true as const }
        : { ok: false as const, status: outcome.status, message: outcome.message };
    },
    signOut: () => signOut(request, reply, { uaa: app.uaa, config }),
    startSocial: async (providerId: string, returnTo: string) => {
      // The provider sends the shopper back to this request's host (the redirect URI and the
      // transaction cookie are its): only once the platform has said the host is a shop, as a
      // page does before it renders (421 otherwise, ADR 0126). The Host is the visitor's.
      const failure = await deps.shopFailure();
      if (failure) return { ok: false as const, code: 'no_shop', failure };
      const outcome = await startSocialSignIn(request, reply, app.social, {
        providerId,
        returnTo,
      });
      return outcome.kind === 'redirect'
        ? { ok: true as const, url: outcome.url }
        : { ok: false as const, code: outcome.code };
    },
  };
}

/**
 * A session for a visitor without one: a guest's, made once the visitor is known. A visitor whose
 * session uaa could not answer for keeps it: no guest session over their cookies (ADR 0022).
 */
export function pageEnsureSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { config: Config; visitorReady: Promise<void>; token: PageToken },
): GatewayLoadContext['ensureSession'] {
  const { config, visitorReady, token } = deps;
  return async () => {
    await visitorReady;
    if (token.current) return { ok: true as const };
    // uaa failed (down, slow, a failed renewal) while the visitor holds a session it did not
    // end: a guest session would overwrite both cookies and sign them out. The action fails as a
    // cart change that could not be made; the next try may find uaa back.
    if (holdsSession(request)) {
      request.log.warn('no usable token for a session uaa did not end: no guest session made');
      return { ok: false as const, retryAfter: null };
    }
    // Counted where a guest session is made, whatever cookies came: a junk one is no session
    // (issue #27 item 6, ADR 0249).
    const allowed = await app.limits.take('guest', request);
    if (!allowed.ok) return { ok: false as const, retryAfter: allowed.retryAfter };
    const guest = await app.uaa.guest({ cid: request.cid, shopOrigin: request.shopOrigin });
    if (guest.kind !== 'ok') {
      request.log.warn({ result: guest.kind }, 'could not start a guest session');
      return { ok: false as const, retryAfter: null };
    }
    setTokenCookies(reply, guest.pair, config);
    token.current = guest.pair.access_token;
    return { ok: true as const };
  };
}

/** Both token cookies came (uaa is asked only then) and uaa did not end their session. */
function holdsSession(request: FastifyRequest): boolean {
  const { accessToken, refreshToken } = readTokenCookies(request);
  return accessToken !== null && refreshToken !== null && !sessionEndedIn(request);
}
