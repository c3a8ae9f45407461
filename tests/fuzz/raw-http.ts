import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

// A raw HTTP/1.1 client for the fuzz suites: the request goes on the wire byte for byte as
// generated (fetch would normalise dot segments, refuse methods such as CONNECT and re-encode
// paths), one connection per request, read until the server closes it or the deadline passes.
export type RawRequest = {
  method: string;
  target: string;
  headers: [string, string][];
  body?: string;
};

export type RawAnswer = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The connection failed, closed without an answer, or passed the deadline. */
  error: string | null;
};

export function serialise(request: RawRequest): string {
  const lines = [`${request.method} ${request.target} HTTP/1.1`];
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n${request.body ?? ''}`;
}

function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const end = raw.indexOf('\r\n', at);
    if (end === -1) break;
    const size = parseInt(raw.subarray(at, end).toString('latin1'), 16);
    if (!size) break;
    parts.push(raw.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (!body.length) return body;
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

export function sendRaw(
  port: number,
  request: RawRequest,
  deadlineMs = 15_000,
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ port, host: '127.0.0.1' });
    const finish = (error: string | null) => {
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(chunks);
      const headEnd = raw.indexOf('\r\n\r\n');
      if (headEnd === -1) {
        return resolve({
          status: 0,
          headers: {},
          body: '',
          error: error ?? 'closed without an answer',
        });
      }
      const [statusLine = '', ...headerLines] = raw
        .subarray(0, headEnd)
        .toString('latin1')
        .split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body: Buffer = raw.subarray(headEnd + 4);
      try {
        if (headers['transfer-encoding']?.includes('chunked')) body = dechunk(body);
        body = decode(body, headers['content-encoding']);
      } catch (decodeError) {
        error ??= `undecodable body: ${(decodeError as Error).message}`;
      }
      resolve({
        status: Number(statusLine.split(' ')[1]) || 0,
        headers,
        body: body.toString('utf8'),
        error,
      });
    };
    const timer = setTimeout(() => finish(`no answer within ${deadlineMs} ms`), deadlineMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => finish(null));
    socket.on('error', (error) => finish(chunks.length ? null : error.message));
    socket.write(serialise(request));
  });
}
