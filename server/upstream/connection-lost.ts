// A call that lost its connection before any answer (docs/decisions/0353): refused (nothing
// listens: a service restarting, a pod on its way out) or closed under it (a kept-alive
// connection the service closed as the call went out). Not a timeout: the service did not keep
// it waiting. The proxy (0353) and the gateway's own reads (0355, ./read-again.ts) ask again once
// for a request that may be sent twice. undici's error may be wrapped; the code is somewhere down
// the `cause` chain.
const LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** True when `error` (or its cause) is a connection refused or closed before an answer. */
export function isConnectionLost(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && LOST.has(code)) return true;
  }
  return false;
}

// The longest wait before asking again when the service said nothing of when (no Retry-After, or
// no answer at all): random, so that the second tries of many calls lost together (a restart)
// spread out, and short, as a lost connection is over at once.
export const RETRY_JITTER_MS = 42;

/** A random wait of at most RETRY_JITTER_MS before a second try. */
export const retryJitter = (): number => RETRY_JITTER_MS * Math.random();
