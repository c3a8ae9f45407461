import type { FastifyError } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { UNDECODABLE_BODY } from './decoded-body';

// A proxied body is read whole before the call (ADR 0352), at most the gateway's body limit
// (security checklist: 1 MiB, 413): a declared Content-Length over it is refused before the body
// is read, a chunked body once it crosses it. The refusals name the limit, as the shipped nginx
// configurations' own 413 does (deploy/nginx-proxy.conf).
export const BODY_TOO_LARGE = {
  code: 'payload_too_large',
  message: 'Request body too large (limit 1 MiB)',
} as const;
export const BODY_UNDECODABLE = {
  code: 'bad_request',
  message: 'The request body does not decode',
} as const;

export function declaredTooLarge(request: IncomingMessage, limit: number): boolean {
  const declared = Number(request.headers['content-length'] ?? 0);
  return Number.isFinite(declared) && declared > limit;
}

/** The proxy's own answer to a body Fastify refused while reading it; null: not a body refusal. */
export function bodyRefusal(
  error: unknown,
): { status: number; error: { code: string; message: string } } | null {
  const code = (error as Partial<FastifyError> | null)?.code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, error: BODY_TOO_LARGE };
  if (code === UNDECODABLE_BODY) return { status: 400, error: BODY_UNDECODABLE };
  return null;
}
