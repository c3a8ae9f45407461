import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isCid } from '../../shared/cid';
import { redactAccountKeys } from '../../shared/redact-keys';

// One log line per request, when it completes (Fastify's default writes two: "incoming" and
// "completed"). On the proxy's hot path each line costs measurably (bench/proxy-overhead.ts).
// Load balancer probes are not logged; account keys in page URLs are hidden (docs/decisions/0133).
// A browser call names its page's CID (X-Page-CID) beside its own: both go in the line, so one
// search finds a page load and every call it made (docs/decisions/0174).
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', (request, reply, done) => {
      done();
      if (request.url === '/healthz' || request.url === '/readyz') return;
      const pageCid = request.headers['x-page-cid'];
      request.log.info(
        {
          method: request.method,
          url: redactAccountKeys(request.url),
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime * 10) / 10,
          remoteAddress: request.ip,
          ...(isCid(pageCid) ? { pageCid } : {}),
        },
        'request completed',
      );
    });
  },
  { name: 'request-log' },
);
