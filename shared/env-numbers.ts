import { z } from 'zod';

// Numbers read from environment variables, for the gateway's settings and the platform's. An empty
// variable (`PORT=`, a template's unset value) is as unset: coerced, it was the number 0, so
// PORT= listened on a random port, METRICS_PORT= turned metrics off, SHUTDOWN_DELAY_MS= skipped
// the drain and REFRESH_REUSE_WINDOW_SECONDS= made any reuse revoke a session, all silently.
export const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

/** A whole number from min to max; empty or unset: the fallback. */
export const wholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyAsUnset, z.coerce.number().int().min(min).max(max).default(fallback));

const NOT_A_PORT = 'must be a port number, 1-65535';

/**
 * A port to listen on, 1-65535; empty or unset: the fallback. 0 is refused with the others: Node
 * would listen on a random port, which no balancer, health check or other process's URL names
 * (a port that is off, as METRICS_PORT=0, is a setting of its own).
 */
export const listeningPort = (fallback: number) =>
  z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: NOT_A_PORT })
      .int(NOT_A_PORT)
      .min(1, `${NOT_A_PORT} (0 would be a random port that nothing sending here knows)`)
      .max(65535, NOT_A_PORT)
      .default(fallback),
  );
