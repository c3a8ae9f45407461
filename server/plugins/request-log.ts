import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { loggedTarget } from '../observability/logged-target';
import { requestLineWriter, type LineLog, type RequestLine } from '../observability/request-line';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes a request's one line (the proxy's front door writes its own reads' lines). */
    writeRequestLine(line: RequestLine): void;
  }
}

// The request line (../observability/request-line.ts) of every request but the balancer's probes,
// those Fastify refuses before routing (a malformed URL) included. A request refused before the
// request-context hook named its CID is logged with the one its answer carries (Fastify's
// request id), and with the scope the observability plugin gave it as it was answered. A target
// refused for its length (414) is logged cut (../observability/logged-target.ts).
export const requestLogPlugin = fp(
  async (app: FastifyInstance, opts: { lines: LineLog | null }) => {
    const write = requestLineWriter(opts.lines);
    app.decorate('writeRequestLine', write);
    const answered = (request: FastifyRequest, reply: FastifyReply, elapsedMs: number) => {
      if (request.url === '/healthz' || request.url === '/readyz') return;
      write({
        cid: request.cid || request.id,
        method: request.method,
        url: reply.statusCode === 414 ? loggedTarget(request.url) : request.url,
        statusCode: reply.statusCode,
        responseTime: elapsedMs,
        remoteAddress: request.ip,
        pageCid: request.headers['x-page-cid'],
        scope: request.scope,
      });
    };
    app.addHook('onResponse', (request, reply, done) => {
      done();
      answered(request, reply, reply.elapsedTime);
    });
    app.afterUnroutedAnswer.push(answered);
  },
  // After the observability plugin: its onResponse hook gives a refused request its scope first.
  { name: 'request-log', dependencies: ['observability', 'errors'] },
);
