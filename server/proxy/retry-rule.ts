import type { IncomingHttpHeaders } from 'node:http';
import { retryJitter } from '../upstream/connection-lost';

// When the proxy engine asks the upstream again (docs/decisions/0210): a bounded number of
// attempts per visitor request, the next only for a request that can be sent again unchanged (no
// body, a method that changes nothing, not a GET the specification makes change state), after the
// upstream said it was busy or its connection was lost before an answer (refused, or closed: after
// a bounded delay, ../upstream/connection-lost.ts) or refused the token (once it is renewed). The
// engine and the gateway's OpenAPI document (scripts/api/gateway-proxy.ts) both read these.
export const MAX_ATTEMPTS = 2;
export const REPLAYABLE_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];
/** Asked again after a short delay: the service is busy or restarting. */
export const RETRIED_STATUS = 503;
/** Asked again with a renewed access token, once. */
export const RENEWED_STATUS = 401;
export const MAX_RETRY_DELAY_MS = 250;

/** Whether a request may be sent a second time. */
export function replayable(method: string, hasBody: boolean, changesState: boolean): boolean {
  return !hasBody && REPLAYABLE_METHODS.includes(method) && !changesState;
}

/**
 * The delay before asking again after a 503: its Retry-After, else a short random one (shared
 * with the gateway's own reads, ../upstream/connection-lost.ts); bounded.
 */
export function retryDelayOf(headers: IncomingHttpHeaders): number {
  const sent = headers['retry-after'];
  const delay = sent === undefined ? retryJitter() : Number(sent) * 1000;
  return Math.min(Number.isFinite(delay) && delay > 0 ? delay : 0, MAX_RETRY_DELAY_MS);
}
