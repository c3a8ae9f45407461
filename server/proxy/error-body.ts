import { STATUS_CODES } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { codeOfStatus } from '../errors/status';

// A proxied 4xx/5xx reaches the browser in the gateway's error shape { error: { code, message,
// cid } } (issue #12 item 6, docs/decisions/0127): one shape for every error a client sees. The
// platform's status and message are kept; uaa's OAuth-style { error, error_description } gives
// its code and message; anything else the upstream put in its body is kept under `details`; a
// body that is not JSON (an HTML page from a balancer) gets a message naming the service.

/** How much of an upstream's error body is read (the rest is dropped). */
export const MAX_ERROR_BODY = 64 * 1024;

export type Shaped = { code: string; message: string; details?: Record<string, unknown> };

function decoded(body: Buffer, encoding: string | undefined): string {
  const limit = { maxOutputLength: MAX_ERROR_BODY };
  try {
    if (encoding === 'gzip') return gunzipSync(body, limit).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(body, limit).toString('utf8');
    if (encoding === 'deflate') return inflateSync(body, limit).toString('utf8');
  } catch {
    return '';
  }
  return body.toString('utf8');
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The upstream's JSON error body in the gateway's terms (null: not something we can read). */
export function shapeOf(body: unknown, status: number): Shaped | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { error, error_description, cid: _cid, ...rest } = body as Record<string, unknown>;
  let shaped: Shaped | null = null;
  if (error && typeof error === 'object' && !Array.isArray(error)) {
    // The platform's services: { error: { code, message, cid, ...more } }.
    const { code, message, cid: _inner, ...more } = error as Record<string, unknown>;
    shaped = {
      code: text(code) ?? codeOfStatus(status),
      message: text(message) ?? STATUS_CODES[status] ?? 'Error',
    };
    Object.assign(rest, more);
  } else if (text(error)) {
    // uaa: { error, error_description } (docs/decisions/0041).
    shaped = { code: text(error)!, message: text(error_description) ?? text(error)! };
  } else if (text(rest.message)) {
    shaped = { code: codeOfStatus(status), message: text(rest.message)! };
    delete rest.message;
  }
  if (shaped && Object.keys(rest).length > 0) shaped.details = rest;
  return shaped;
}

/** The upstream's error answer (status, encoding, the start of its body) in the gateway's shape. */
export function upstreamErrorOf(
  status: number,
  encoding: string | undefined,
  body: Buffer,
  service: string,
): Shaped {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(decoded(body, encoding?.toLowerCase() || undefined));
  } catch {
    // not JSON
  }
  return (
    shapeOf(parsed, status) ?? {
      code: codeOfStatus(status),
      message: `The ${service} service answered ${status} ${STATUS_CODES[status] ?? ''}`.trim(),
    }
  );
}
