import type { IncomingHttpHeaders } from 'node:http';

// @fastify/compress, registered for every route (plugins/compression.ts), decodes a request body
// sent with a Content-Encoding (gzip, deflate, br) before the proxy route reads it, and the body
// limit counts the decoded bytes (./body-limit.ts). The upstream gets those decoded bytes with
// their own length: the sender's Content-Length is the length of the encoded ones, and undici
// refuses a body of another length (a 502 "could not be reached", blamed on the upstream, for a
// client's request). A body that does not decode is the client's fault: a 400 (./body-limit.ts).

/** The code @fastify/compress gives a request body that does not decode. */
export const UNDECODABLE_BODY = 'FST_CP_ERR_INVALID_CONTENT';

/** The visitor's headers as they describe the body the proxy route forwards (decoded). */
export function headersOfDecodedBody(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const encoding = headers['content-encoding'];
  if (encoding === undefined || encoding === 'identity' || headers['content-length'] === undefined)
    return headers;
  const { 'content-length': _encodedLength, ...decoded } = headers;
  return decoded;
}
