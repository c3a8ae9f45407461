import type { FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { jsonError } from '../errors/json-error';
import { codeOfStatus } from '../errors/status';

// A proxied 4xx/5xx reaches the browser in the gateway's error shape { error: { code, message,
// cid } } (issue #12 item 6, docs/decisions/0127): one shape for every error a client sees. The
// platform's status and message are kept; uaa's OAuth-style { error, error_description } gives
// its code and message; anything else the upstream put in its body is kept under `details`; a
// body that is not JSON (an HTML page from a balancer) gets a message naming the service.
const MAX_ERROR_BODY = 64 * 1024;

type UpstreamErrorAnswer = {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  stream: NodeJS.ReadableStream & { destroy(): void };
};

type Shaped = { code: string; message: string; details?: Record<string, unknown> };

/** Reads at most MAX_ERROR_BODY bytes of the upstream's error body (the rest is dropped). */
async function readCapped(stream: UpstreamErrorAnswer['stream']): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size > MAX_ERROR_BODY) break;
    }
  } catch {
    // a body cut short: what arrived is used
  }
  stream.destroy();
  return Buffer.concat(chunks);
}

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

/** Answers the browser with the upstream's error status, in the gateway's shape. */
export async function sendUpstreamError(
  reply: FastifyReply,
  answer: UpstreamErrorAnswer,
  service: string,
): Promise<void> {
  const status = answer.statusCode;
  const raw = await readCapped(answer.stream);
  const encoding = String(answer.headers['content-encoding'] ?? '').toLowerCase() || undefined;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(decoded(raw, encoding));
  } catch {
    // not JSON
  }
  const shaped = shapeOf(parsed, status) ?? {
    code: codeOfStatus(status),
    message: `The ${service} service answered ${status} ${STATUS_CODES[status] ?? ''}`.trim(),
  };
  // The upstream's framing of its own body does not describe the new one.
  for (const name of ['content-length', 'content-encoding', 'content-type', 'etag']) {
    reply.removeHeader(name);
  }
  if (reply.sent || reply.raw.headersSent) return;
  jsonError(reply, status, shaped.code, shaped.message, shaped.details);
}
