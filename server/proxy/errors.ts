import type { FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { HttpFailureError } from '../errors/http-failure';
import { jsonError } from '../errors/json-error';
import { BodyTooLargeError } from './body-limit';

// What a failed proxied call answers (brief: 504 JSON on upstream timeout, 502 on unreachable).
// reply-from wraps undici's error; the original is somewhere down the `cause` chain.
const TIMEOUT_CODES = new Set([
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'GW_UPSTREAM_TIMEOUT',
]);
// Only these (and timeouts) are the upstream's fault and count for its circuit breaker; anything
// else, such as a request the gateway refused to send, is not (issue #12 item 2).
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

function reportFailure(
  reply: FastifyReply,
  cause: unknown,
  { status, url }: { status: number; url: string },
): void {
  const error = new HttpFailureError(
    { status, statusText: STATUS_CODES[status] ?? '', url },
    cause,
  );
  for (const report of reply.server.errorReporters) {
    try {
      report({ error, request: reply.request, status });
    } catch (failure) {
      reply.request.log.warn({ err: failure }, 'error reporter failed');
    }
  }
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e && chain.length < 8; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/** Answers the browser; true when the upstream is at fault (connect error or timeout: counts). */
export function sendProxyError(
  reply: FastifyReply,
  error: unknown,
  target: { service: string; url: string },
  clientGone: boolean,
): boolean {
  const { service } = target;
  const chain = causes(error);
  if (chain.some((e) => e instanceof BodyTooLargeError)) {
    void jsonError(reply, 413, 'payload_too_large', 'Request body too large (limit 1 MiB)');
    return false;
  }
  if (clientGone) {
    reply.request.log.info({ service }, 'client went away; upstream call aborted');
    void reply.code(499).send();
    return false;
  }
  const codes = chain.map((e) => (e as { code?: unknown }).code);
  const has = (set: Set<string>) => codes.some((code) => typeof code === 'string' && set.has(code));
  const timedOut = has(TIMEOUT_CODES);
  reply.request.log.warn({ service, codes, timedOut }, 'proxied call failed');
  if (codes.includes('GW_UPSTREAM_REQUEST_INVALID')) {
    void jsonError(reply, 400, 'bad_request', 'The request cannot be forwarded');
    return false;
  }
  // The gateway's 502/504 go to the error reporters as "[status] statusText (url)", the
  // specification's form for a failed response (docs/decisions/0127).
  reportFailure(reply, error, { status: timedOut ? 504 : 502, url: target.url });
  if (timedOut) {
    void jsonError(reply, 504, 'upstream_timeout', `The ${service} service did not answer in time`);
  } else {
    void jsonError(
      reply,
      502,
      'upstream_unreachable',
      `The ${service} service could not be reached`,
    );
  }
  return timedOut || has(CONNECT_CODES);
}
