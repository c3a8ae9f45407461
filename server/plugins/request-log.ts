import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestLineWriter, type LineLog, type RequestLine } from '../observability/request-line';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes a request's one line (the proxy's front door writes its own reads' lines). */
    writeRequestLine(line: RequestLine): void;
  }
}

// The request line (../observability/request-line.ts) of every request but the balancer's probes.
export const requestLogPlugin = fp(
  async (app: FastifyInstance, opts: { lines: LineLog | null }) => {
    const write = requestLineWriter(opts.lines);
    app.decorate('writeRequestLine', write);
    app.addHook('onResponse', (request, reply, done) => {
      done();
      if (request.url === '/healthz' || request.url === '/readyz') return;
      write({
        cid: request.cid,
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
        remoteAddress: request.ip,
        pageCid: request.headers['x-page-cid'],
        scope: request.scope,
      });
    });
  },
  { name: 'request-log' },
);
