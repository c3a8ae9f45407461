import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonError } from '../errors/json-error';
import { targetFormProblem } from '../request/target';

// Only origin-form targets reach the routes (issue #27 item 2, ADR 0247): registered right after
// the security headers (which its refusal carries too), so a request line such as
// `POST http://host/auth/sign-in HTTP/1.1` is a 400 before any other hook (cookies, rate limits,
// CSRF) reads its target. The proxy's front door, which runs before Fastify, takes only targets
// under /api/services/ and leaves the rest to this hook.
export const targetFormPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      const problem = targetFormProblem(request.method, request.url);
      if (problem) return void jsonError(reply, problem.status, problem.code, problem.message);
      done();
    });
  },
  { name: 'target-form' },
);
