import { isCid } from '../../shared/cid';
import { redactLoggedUrl } from '../log-redact';
import { scopeSpanId, type RequestScope } from './scope';

// One log line per request, when it completes (Fastify's default writes two: "incoming" and
// "completed"), through pino's public API (docs/decisions/0253). Load balancer probes are not
// logged; account keys in page URLs are hidden (docs/decisions/0133). A browser call names its
// page's CID (X-Page-CID) beside its own: both go in the line, so one search finds a page load and
// every call it made (docs/decisions/0174). From the request's scope: the route id, the trace and
// span ids, the tenant, the platform call with the worst answer (service, status, how many calls)
// and the cache lookups (issue #28 item 4); for a page, what an early head's headers cannot say
// (ADR 0275), on every page alike: the head sent early, the status the page had, its template.

/** What writes request lines (../logger.ts's `requestLineLogger`): one `info` call a line. */
export type LineLog = { info(line: object, msg: string): void };

export type RequestLine = {
  cid: string;
  /** Unknown only for a request Node's parser refused (./parser-refusals.ts). */
  method?: string;
  /** The raw request URL (account keys are hidden here); unknown as the method. */
  url?: string;
  statusCode: number;
  /** Milliseconds; unknown for a request Node's parser refused. */
  responseTime?: number;
  remoteAddress: string | undefined;
  pageCid: unknown;
  scope?: RequestScope;
};

/** `hit=2 miss=1` style, by cache: `subrequest:hit=2 template:miss=1`. */
function cacheField(cache: Record<string, number> | undefined): string | undefined {
  if (!cache) return undefined;
  let out = '';
  for (const key in cache) out += `${out ? ' ' : ''}${key}=${cache[key]}`;
  return out;
}

/** The line, through the request-line logger (../logger.ts's `requestLineLogger`). */
export function logRequestLine(log: LineLog, line: RequestLine): void {
  const scope = line.scope;
  const upstream = scope?.upstream;
  // One literal of a fixed shape (pino leaves out undefined values), not a rest-and-spread.
  log.info(
    {
      cid: line.cid,
      method: line.method,
      url: line.url === undefined ? undefined : redactLoggedUrl(line.url),
      statusCode: line.statusCode,
      responseTime:
        line.responseTime === undefined ? undefined : Math.round(line.responseTime * 10) / 10,
      route: scope?.routeId,
      tenant: scope?.tenant || undefined,
      upstreamService: upstream?.service,
      upstreamStatus: upstream?.status,
      upstreamCalls: upstream?.calls,
      cache: cacheField(scope?.cache),
      pageHead: scope?.document?.early ? 'early' : undefined,
      documentStatus: scope?.document?.status,
      pageTemplate: scope?.document?.template,
      remoteAddress: line.remoteAddress,
      pageCid: isCid(line.pageCid) ? line.pageCid : undefined,
      traceId: scope?.traceId,
      spanId: scope ? scopeSpanId(scope) : undefined,
    },
    'request completed',
  );
}

/** A writer of request lines; nothing when the log is off or above info. */
export function requestLineWriter(log: LineLog | null): (line: RequestLine) => void {
  if (!log) return () => {};
  return (line) => logRequestLine(log, line);
}
