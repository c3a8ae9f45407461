import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonError } from '../errors/json-error';
import { csrfFailure } from '../request/csrf';
import { TRUST_PROXY_HINT, untrustedProxyCheck } from '../request/forwarding';

// The CSRF rules (../request/csrf.ts) in onRequest, before any body is read. An Origin refusal of
// a request that came through an untrusted proxy names TRUST_PROXY in its log line (issue #25
// item 6): behind a TLS proxy missing from it, every POST is refused.
export const csrfPlugin = fp(
  async (app: FastifyInstance, opts: { trustProxy: readonly string[] }) => {
    const viaUntrustedProxy = untrustedProxyCheck(opts.trustProxy);
    app.addHook('onRequest', (request, reply, done) => {
      const failure = csrfFailure(request);
      if (!failure) return done();
      const origin = request.headers.origin;
      if (
        failure === 'Cross-origin request refused' &&
        viaUntrustedProxy(request.socket.remoteAddress, request.headers)
      )
        request.log.warn(
          { origin, shopOrigin: request.shopOrigin, peer: request.socket.remoteAddress },
          `csrf: ${failure}; ${TRUST_PROXY_HINT}`,
        );
      else request.log.info({ origin }, `csrf: ${failure}`);
      void jsonError(reply, 403, 'csrf', failure);
    });
  },
  { name: 'csrf', dependencies: ['request-context'] },
);
