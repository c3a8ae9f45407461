import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonError } from '../errors/json-error';
import { csrfFailure } from '../request/csrf';

// The CSRF rules (../request/csrf.ts) in onRequest, before any body is read.
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
