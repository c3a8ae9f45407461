import type { ParserRefusal } from '../../shared/node-errors';
import { loggedTarget } from './logged-target';
import { httpRequests } from './metrics';
import type { RequestLine } from './request-line';
import { newTraceIdPart } from './scope';

// Requests Node's HTTP parser refuses (headers over 16 KiB, conflicting body lengths, a request
// timeout) and unmet `Expect` headers are answered before Fastify sees them
// (shared/node-errors.ts): no hook runs. They are counted and get their request line here, with the
// CID their answer carries, the route id `unmatched` and trace ids of their own, as a request
// Fastify refuses before routing; method and target when Node still had them, the target cut to
// its first 1,024 characters (./logged-target.ts: up to 8 KiB of it otherwise). No duration: a
// request timeout's would be the timeout, not the gateway's time.

/** The request line of a parser's refusal. */
export function parserRefusalLine(refusal: ParserRefusal): RequestLine {
  return {
    cid: refusal.cid,
    method: refusal.method,
    url: refusal.url === undefined ? undefined : loggedTarget(refusal.url),
    statusCode: refusal.status,
    remoteAddress: refusal.remoteAddress,
    pageCid: undefined,
    scope: { cid: refusal.cid, traceId: newTraceIdPart(16), tenant: '', routeId: 'unmatched' },
  };
}

/** Counts the refusal (by route id `unmatched`) and writes its request line. */
export function noteParserRefusal(
  refusal: ParserRefusal | null,
  writeLine: (line: RequestLine) => void,
): void {
  if (!refusal) return;
  httpRequests.inc('unmatched', refusal.method ?? 'unknown', String(refusal.status));
  writeLine(parserRefusalLine(refusal));
}
