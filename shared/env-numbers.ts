import { z } from 'zod';

// Numbers read from environment variables, for the gateway's settings and the platform's. An empty
// variable (`PORT=`, a template's unset value) is as unset: coerced, it was the number 0, so
// PORT= listened on a random port, METRICS_PORT= turned metrics off, SHUTDOWN_DELAY_MS= skipped
// the drain and REFRESH_REUSE_WINDOW_SECONDS= made any reuse revoke a session, all silently.
export const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

/** A whole number from min to max; empty or unset: the fallback. */
export const wholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyAsUnset, z.coerce.number().int().min(min).max(max).default(fallback));
