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

/** `https://shop.example`: the request's protocol and (lower-cased) host. */
export function shopOriginOf(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host.toLowerCase()}`;
}
