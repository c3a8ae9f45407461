// A call to the platform cut because of the visitor's request body, which the gateway streams
// through (server/proxy/body-limit.ts): over the body limit, not decodable, or closed by the
// visitor before its end. The platform did nothing wrong: such a call is no upstream failure in the
// metrics, the request line or the trace (observability/upstream-watch.ts), as for a visitor who
// left, nor for its circuit breaker (proxy/failures.ts). ADR 0312.
export class ClientBodyError extends Error {}

/** True when `error`, or an error it was caused by, is the visitor's body's. */
export function isClientBodyFault(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof ClientBodyError) return true;
  return false;
}
