import { STATUS_CODES } from 'node:http';
import type { Shaped } from './error-body';

// What a proxied call that got no answer answers (brief: 504 JSON on upstream timeout, 502 on
// unreachable). undici's error may be wrapped; the original is somewhere down the `cause` chain.
const TIMEOUT_CODES = new Set([
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

export type FailureAnswer = {
  status: number;
  error: Shaped;
  /** What the warning line says, when the failure is worth one. */
  logged?: { service: string; codes: unknown[]; timedOut: boolean };
  /** The status text of the error report it makes (a 502/504 is the gateway's failure). */
  reported?: string;
};

function codesOf(error: unknown): unknown[] {
  const codes: unknown[] = [];
  for (let e = error; e && codes.length < 8; e = (e as { cause?: unknown }).cause)
    codes.push((e as { code?: unknown }).code);
  return codes;
}

/** True when the upstream is at fault (unreachable, reset, or too slow): it counts for its breaker. */
export function isUpstreamFault(error: unknown): boolean {
  return codesOf(error).some(
    (code) => typeof code === 'string' && (TIMEOUT_CODES.has(code) || CONNECT_CODES.has(code)),
  );
}

/** The visitor's answer to a proxied call that got no answer from `service`. */
export function failureAnswer(error: unknown, service: string): FailureAnswer {
  const codes = codesOf(error);
  if (codes.includes('GW_UPSTREAM_REQUEST_INVALID'))
    return {
      status: 400,
      error: { code: 'bad_request', message: 'The request cannot be forwarded' },
    };
  const timedOut = codes.some((code) => typeof code === 'string' && TIMEOUT_CODES.has(code));
  const status = timedOut ? 504 : 502;
  return {
    status,
    error: timedOut
      ? { code: 'upstream_timeout', message: `The ${service} service did not answer in time` }
      : { code: 'upstream_unreachable', message: `The ${service} service could not be reached` },
    logged: { service, codes, timedOut },
    reported: STATUS_CODES[status],
  };
}
