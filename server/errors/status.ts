import type { FastifyError } from 'fastify';

// The gateway's error codes by status (docs/decisions/0123): the error plugin, the proxy's error
// shape, the session routes and React Router's own errors all name a status the same way.

// Fastify's own 4xx codes, named in the shop's vocabulary.
const CLIENT_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  421: 'misdirected_request',
  429: 'rate_limited',
  431: 'headers_too_large',
};

const SERVER_CODES: Record<number, string> = {
  502: 'upstream_error',
  503: 'unavailable',
  504: 'upstream_timeout',
};

/** The gateway's code for an error status (React Router's resource-route errors, say). */
export function codeOfStatus(status: number): string {
  return status >= 500
    ? (SERVER_CODES[status] ?? 'internal_error')
    : (CLIENT_CODES[status] ?? 'bad_request');
}

/** An error's code: a malformed or invalid body (a 400 of validation or parsing) is `invalid_request`. */
export function codeOfError(error: unknown, status: number): string {
  const e = error as Partial<FastifyError>;
  if (status === 400 && (e?.validation || e?.code?.startsWith('FST_ERR_CTP_')))
    return 'invalid_request';
  return codeOfStatus(status);
}

/** The status an error stands for: its own 4xx/5xx, or 500. */
export function statusOf(error: unknown): number {
  const e = error as Partial<FastifyError> & { status?: number };
  const status = e?.statusCode ?? e?.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}
