import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonError } from '../errors/json-error';

// CSRF rules (docs/decisions/0023, 0120), checked in onRequest, before any body is read and
// before anything reaches the upstream:
// - every request other than GET/HEAD/OPTIONS (pages, forms, /auth/*, the proxy) comes from the
//   shop's own origin: its Origin, when sent, is the shop's; without an Origin, Sec-Fetch-Site,
//   when sent, is `same-origin` (or `none`: typed by the visitor). Tenants are sibling subdomains
//   of one site, so SameSite=Lax cookies do not tell them apart (issue #12 item 4);
// - requests to the proxy and to the auth endpoints also carry `X-CSRF: 1` (a custom header a
//   cross-site form cannot send, and which forces a CORS preflight on cross-origin fetch);
// - both on the path the router matches (`/%61uth/sign-out` is `/auth/sign-out`; item 3).
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PROTECTED = /^\/(api\/services|auth)(\/|$)/;
const SAME_SITE_FETCH = new Set(['same-origin', 'none']);
// The specification fixes copyBookingToCart as a GET although it changes the cart: it gets the
// rule of a write (and is never retried, server/proxy/forward.ts).
const STATE_CHANGING_GET = /^\/api\/services\/booking-ms\/.*\/copyBookingToCart\/?$/i;

export const changesStateOnGet = (routePath: string) => STATE_CHANGING_GET.test(routePath);

export function csrfFailure(request: FastifyRequest): string | null {
  if (SAFE_METHODS.has(request.method) && !changesStateOnGet(request.routePath)) return null;
  if (PROTECTED.test(request.routePath) && request.headers['x-csrf'] !== '1')
    return 'Missing X-CSRF: 1 header';
  const origin = request.headers.origin;
  if (origin !== undefined) {
    return origin === request.shopOrigin ? null : 'Cross-origin request refused';
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && !SAME_SITE_FETCH.has(site)) return 'Cross-site request refused';
  return null;
}

export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      const failure = csrfFailure(request);
      if (!failure) return done();
      request.log.info({ origin: request.headers.origin }, `csrf: ${failure}`);
      void jsonError(reply, 403, 'csrf', failure);
    });
  },
  { name: 'csrf', dependencies: ['request-context'] },
);
