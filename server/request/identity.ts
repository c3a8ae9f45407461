import type { IncomingMessage } from 'node:http';
import { createCid, isCid } from '../../shared/cid';

// Who a request is for the logs and the shop: its correlation id and the shop origin it is
// addressed to (plugins/request-context.ts sets both on every request).
// - Pages get a fresh CID per load; API calls keep the browser's X-Correlation-ID when it is
//   well formed (it is the page's CID) and get a fresh one otherwise.
// - The shop origin comes from the Host header (X-Forwarded-Host only from TRUST_PROXY peers, which
//   Fastify's trustProxy enforces), never from an untrusted forwarded header.
const KEEPS_CID = /^\/(api|auth)\/|\.data(\?|$)/;

/** genReqId: the request's CID. */
export function requestCid(req: IncomingMessage): string {
  const sent = req.headers['x-correlation-id'];
  return KEEPS_CID.test(req.url ?? '') && isCid(sent) ? sent : createCid();
}

// A Host may name its scheme's default port (a balancer on 80/443, docs/decisions/0272); the
// origin a browser sends in its Origin header never does. Without this, such a Host passed the
// port check and every write from the shop's own page was then refused as cross-origin.
const DEFAULT_PORT_SUFFIX: Record<string, string> = { http: ':80', https: ':443' };

/** `https://shop.example`: the request's protocol and (lower-cased) host, as a browser names it. */
export function shopOriginOf(request: { protocol: string; host: string }): string {
  const host = request.host.toLowerCase();
  const suffix = DEFAULT_PORT_SUFFIX[request.protocol];
  const named = suffix && host.endsWith(suffix) ? host.slice(0, -suffix.length) : host;
  return `${request.protocol}://${named}`;
}
