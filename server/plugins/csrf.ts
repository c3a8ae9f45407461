import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonError } from '../errors/json-error';

// CSRF rule of the brief (docs/decisions/0023): every request other than GET/HEAD/OPTIONS to the
// proxy or to the gateway's auth endpoints carries `X-CSRF: 1` (a custom header a cross-site form
// cannot send, and which forces a CORS preflight on cross-origin fetch) and, when the browser sends
// an Origin, it is the shop's own origin. Checked in onRequest, before any body is read and before
// anything reaches the upstream.
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PROTECTED = /^\/(api\/services|auth)(\/|$)/;

export function csrfFailure(request: FastifyRequest): string | null {
  if (SAFE_METHODS.has(request.method) || !PROTECTED.test(request.url)) return null;
  if (request.headers['x-csrf'] !== '1') return 'Missing X-CSRF: 1 header';
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== request.shopOrigin) return 'Cross-origin request refused';
  return null;
}

export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      const failure = csrfFailure(request);
      if (failure) {
        request.log.info({ origin: request.headers.origin }, `csrf: ${failure}`);
        return jsonError(reply, 403, 'csrf', failure);
      }
    });
  },
  { name: 'csrf', dependencies: ['request-context'] },
);
