import type { FastifyBaseLogger } from 'fastify';
import type pino from 'pino';
import { isCid } from '../../shared/cid';
import { redactLoggedUrl } from '../log-redact';

// One log line per request, when it completes (Fastify's default writes two: "incoming" and
// "completed"). Load balancer probes are not logged; account keys in page URLs are hidden
// (docs/decisions/0133). A browser call names its page's CID (X-Page-CID) beside its own: both go
// in the line, so one search finds a page load and every call it made (docs/decisions/0174).
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
 * logger for the proxy's hot path: then `cid` is written first, as a child's is).
 */
export function logRequestLine(log: FastifyBaseLogger, line: RequestLine, withCid: boolean): void {
  // One literal of a fixed shape (pino leaves out undefined values), not a rest-and-spread.
  log.info(
    {
      cid: withCid ? line.cid : undefined,
      method: line.method,
      url: redactLoggedUrl(line.url),
      statusCode: line.statusCode,
      responseTime: Math.round(line.responseTime * 10) / 10,
      remoteAddress: line.remoteAddress,
      pageCid: isCid(line.pageCid) ? line.pageCid : undefined,
    },
    'request completed',
  );
}

/**
 * What a gateway logger was made with (server/logger.ts): the destination it writes to, and the
 * `base` and `timestamp` options that make the head of each of its lines.
 */
export type LineDestination = {
  stream: { write(line: string): unknown };
  base: Record<string, unknown>;
  timestamp: () => string;
};

const destinations = new WeakMap<object, LineDestination>();

/** `log` was made from these options: its request lines may be written to the same destination. */
export function registerLineDestination(log: FastifyBaseLogger, options: LineDestination): void {
  destinations.set(log, options);
}

const json = JSON.stringify;

/**
 * `logRequestLine` for the app's own logger (no child), formatted here rather than by pino: the
 * proxy writes one per call, and pino's generic serialization of it (with the redaction and
 * formatter passes, which a line of seven plain values never needs) cost measurably (ADR 0212).
 * The line is the one pino writes, byte for byte but the time (request-line.test.ts), into the
 * logger's own destination, so it stays in order with pino's lines. A logger not registered with
 * its destination gets pino's path.
 */
export function requestLineWriter(log: FastifyBaseLogger): (line: RequestLine) => void {
  const destination = destinations.get(log);
  const level = (log as pino.Logger).levels?.values?.info;
  if (!destination || level === undefined) return (line) => logRequestLine(log, line, true);
  const { stream, timestamp } = destination;
  let bindings = '';
  for (const [name, value] of Object.entries(destination.base)) {
    if (value !== undefined) bindings += `,${json(name)}:${json(value)}`;
  }
  const head = `{"level":${level}`;
  return (line) => {
    if (!(log as pino.Logger).isLevelEnabled('info')) return;
    const remote =
      line.remoteAddress === undefined ? '' : `,"remoteAddress":${json(line.remoteAddress)}`;
    const page = isCid(line.pageCid) ? `,"pageCid":${json(line.pageCid)}` : '';
    stream.write(
      `${head}${timestamp()}${bindings},"cid":${json(line.cid)},"method":${json(line.method)},"url":${json(redactLoggedUrl(line.url))},"statusCode":${line.statusCode},"responseTime":${Math.round(line.responseTime * 10) / 10}${remote}${page},"msg":"request completed"}\n`,
    );
  };
}
