import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isCid } from '../../shared/cid';
import { redactAccountKeys } from '../../shared/redact-keys';

// One log line per request, when it completes (Fastify's default writes two: "incoming" and
// "completed"). On the proxy's hot path each line costs measurably (bench/proxy-overhead.ts).
// Load balancer probes are not logged; account keys in page URLs are hidden (docs/decisions/0133).
// A browser call names its page's CID (X-Page-CID) beside its own: both go in the line, so one
// search finds a page load and every call it made (docs/decisions/0174).
export type RequestLine = {
  cid: string;
  method: string;
  /** The raw request URL (account keys are hidden here). */
  url: string;
  statusCode: number;
  /** Milliseconds. */
  responseTime: number;
  remoteAddress: string | undefined;
  pageCid: unknown;
};

/**
 * The line, through `log` (a request's child logger, which names the CID itself, or the app's
 * logger for the proxy's fast path, ADR 0207: then `cid` is written first, as a child's is).
 */
export function logRequestLine(log: FastifyBaseLogger, line: RequestLine, withCid: boolean): void {
  // One literal of a fixed shape (pino leaves out undefined values): the rest-and-spread it
  // replaces cost ~5 µs per line, 2 % of a proxied read (docs/decisions/0201).
  log.info(
    {
      cid: withCid ? line.cid : undefined,
      method: line.method,
      url: redactAccountKeys(line.url),
      statusCode: line.statusCode,
      responseTime: Math.round(line.responseTime * 10) / 10,
      remoteAddress: line.remoteAddress,
      pageCid: isCid(line.pageCid) ? line.pageCid : undefined,
    },
    'request completed',
  );
}

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
        },
        false,
      );
    });
  },
  { name: 'request-log' },
);
