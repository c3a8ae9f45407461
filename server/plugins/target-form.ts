import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonError } from '../errors/json-error';
import { methodNotImplemented } from '../errors/method-not-allowed';
import { routesNowhere } from '../../shared/server-methods';
import { targetFormProblem } from '../request/target';

// Only origin-form targets reach the routes (issue #27 item 2, ADR 0247), and only methods a route
// can take (ADR 0392): registered right after the security headers (which its refusal carries
// too), so a request line such as `POST http://host/auth/sign-in HTTP/1.1` is a 400, and
// `PROPFIND /cart HTTP/1.1` a 501, before any other hook (cookies, rate limits, CSRF) reads it.
// The proxy's front door, which runs before Fastify, takes only GET and HEAD under
// /api/services/ and leaves the rest to this hook.
export const targetFormPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      const problem = targetFormProblem(request.method, request.url);
      if (problem) return void jsonError(reply, problem.status, problem.code, problem.message);
      // A method Fastify routes nowhere is no route's (not even the page route's, which takes the
      // others): 501 before any rule of a path, CSRF's included, is asked (ADR 0392).
      if (routesNowhere(app.supportedMethods, request.method))
        return void methodNotImplemented(reply);
      done();
    });
  },
  { name: 'target-form' },
);
