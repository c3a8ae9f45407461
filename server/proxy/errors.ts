import type { FastifyReply } from 'fastify';
import { jsonError } from '../session/json-error';
import { BodyTooLargeError } from './body-limit';

// What a failed proxied call answers (brief: 504 JSON on upstream timeout, 502 on unreachable).
// reply-from wraps undici's error; the original is somewhere down the `cause` chain.
const TIMEOUT_CODES = new Set([
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e && chain.length < 8; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/** Answers the browser; returns true when the upstream is at fault (counts for its circuit breaker). */
export function sendProxyError(
  reply: FastifyReply,
  error: unknown,
  service: string,
  clientGone: boolean,
): boolean {
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
  const timedOut = codes.some((code) => typeof code === 'string' && TIMEOUT_CODES.has(code));
  reply.request.log.warn({ service, codes, timedOut }, 'proxied call failed');
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
  return true;
}
