import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
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

const { chindingsSym, streamSym, timeSym } = pino.symbols;
const json = JSON.stringify;

/**
 * `logRequestLine` for the app's own logger (no child), formatted here rather than by pino: the
 * proxy's fast path writes one per read, and pino's generic object serialization of it (with the
 * redaction and formatter passes, which a line of seven plain values never needs) was ~2 % of a
 * proxied read's CPU (ADR 0201). The line is the one pino writes, byte for byte but the time
 * (request-log.test.ts), into pino's own destination; a logger that is not a plain pino one, or a
 * level above info, gets pino's path.
 */
export function requestLineWriter(log: FastifyBaseLogger): (line: RequestLine) => void {
  const logger = log as unknown as Record<symbol, unknown>;
  const stream = logger[streamSym] as { write(line: string): unknown } | undefined;
  const time = logger[timeSym] as (() => string) | undefined;
  const chindings = logger[chindingsSym];
  const level = (log as unknown as { levels?: { values?: Record<string, number> } }).levels?.values
    ?.info;
  if (!stream || typeof time !== 'function' || typeof chindings !== 'string' || level === undefined)
    return (line) => logRequestLine(log, line, true);
  const head = `{"level":${level}`;
  return (line) => {
    if (!(log as pino.Logger).isLevelEnabled('info')) return;
    const remote =
      line.remoteAddress === undefined ? '' : `,"remoteAddress":${json(line.remoteAddress)}`;
    const page = isCid(line.pageCid) ? `,"pageCid":${json(line.pageCid)}` : '';
    stream.write(
      `${head}${time()}${chindings},"cid":${json(line.cid)},"method":${json(line.method)},"url":${json(redactAccountKeys(line.url))},"statusCode":${line.statusCode},"responseTime":${Math.round(line.responseTime * 10) / 10}${remote}${page},"msg":"request completed"}\n`,
    );
  };
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
