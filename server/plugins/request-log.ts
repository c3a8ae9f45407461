import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { logRequestLine } from '../observability/request-line';

// The request line (../observability/request-line.ts) of every request but the balancer's probes.
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', (request, reply, done) => {
      done();
      if (request.url === '/healthz' || request.url === '/readyz') return;
      logRequestLine(
        request.log,
        {
          cid: request.cid,
          method: request.method,
          url: request.url,
          statusCode: reply.statusCode,
          responseTime: reply.elapsedTime,
          remoteAddress: request.ip,
          pageCid: request.headers['x-page-cid'],
          scope: request.scope,
        },
        false,
      );
    });
  },
  { name: 'request-log' },
);
