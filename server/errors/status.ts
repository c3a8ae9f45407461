import type { FastifyError } from 'fastify';

// The gateway's error codes by status (docs/decisions/0123): the error plugin, the proxy's error
// shape, the session routes and React Router's own errors all name a status the same way, with
// the reference platform's services (shared/error-codes.ts). A body a parser or schema refuses is
// a 400 `bad_request` like any other (it was `invalid_request` before gateway API 2.0.0, ADR 0385).
export { codeOfStatus } from '../../shared/error-codes';

/** The status an error stands for: its own 4xx/5xx, or 500. */
export function statusOf(error: unknown): number {
  const e = error as Partial<FastifyError> & { status?: number };
  const status = e?.statusCode ?? e?.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}
