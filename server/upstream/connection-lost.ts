// A call that lost its connection before any answer (docs/decisions/0353): refused (nothing
// listens: a service restarting, a pod on its way out) or closed under it (a kept-alive
// connection the service closed as the call went out). Not a timeout: the service did not keep
// it waiting. The proxy asks again once for a request that may be sent twice. undici's error may
// be wrapped; the code is somewhere down the `cause` chain.
const LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** True when `error` (or its cause) is a connection refused or closed before an answer. */
export function isConnectionLost(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && LOST.has(code)) return true;
  }
  return false;
}
