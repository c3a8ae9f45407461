import { METHODS, STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { createCid, isCid } from './cid';
import { codeOfStatus } from './error-codes';
import { notImplementedMessage } from './server-methods';

// Errors Node answers before any framework sees the request, in the JSON error shape, with the
// body's CID also in X-Correlation-ID, as every other answer of the gateway carries it and its
// request line names it (ADR 0329; the platform, which shares these, names its CID in error
// bodies alone, and the header costs it nothing).

// Node answers a request whose `Expect` is not `100-continue` with a bare 417 before any framework
// sees it. With a listener it is ours to answer: the same 417, in the JSON error shape with a CID,
// like every other error.
// `headers`: what every answer of the server carries (the gateway's security headers, ADR 0124);
// these answers are written before any hook of the framework that would add them runs.
// `answered`: told of each such answer (the gateway logs its request line and counts it).
// `cidOf`: the request's CID as the server's other answers choose it (by default the caller's
// when valid, the platform's rule; the gateway keeps a caller's only on API calls).
export function answerUnmetExpectations(
  server: Server,
  headers: Readonly<Record<string, string>> = {},
  answered?: (refusal: ParserRefusal) => void,
  cidOf: (request: IncomingMessage) => string = callerCidOrNew,
): void {
  server.on('checkExpectation', (request, response) => {
    const cid = cidOf(request);
    const body = JSON.stringify({
      error: {
        code: 'expectation_failed',
        message: 'Only "Expect: 100-continue" is supported',
        cid,
      },
    });
    response.writeHead(417, {
      ...headers,
      'x-correlation-id': cid,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body);
    answered?.({
      cid,
      status: 417,
      method: request.method,
      url: request.url,
      remoteAddress: request.socket.remoteAddress,
    });
  });
}

/** The caller's X-Correlation-ID when well formed, else a new CID. */
function callerCidOrNew(request: IncomingMessage): string {
  const sent = request.headers['x-correlation-id'];
  return isCid(sent) ? sent : createCid();
}

/** A request answered before any framework saw it: what its request line can say. */
export type ParserRefusal = {
  cid: string;
  status: number;
  /** The method and target, when known (Node keeps only the bytes its parser failed on). */
  method?: string;
  url?: string;
  remoteAddress: string | undefined;
};

/** The method and target of `raw` when it begins with a request line (a known method). */
function requestLineOf(raw: unknown): { method: string; url: string } | null {
  if (!Buffer.isBuffer(raw)) return null;
  const head = /^([A-Z]{1,20}) (\S{1,8192}) HTTP\/1\.[01]\r?\n/.exec(
    raw.subarray(0, 8300).toString('latin1'),
  );
  return head && METHODS.includes(head[1]!) ? { method: head[1]!, url: head[2]! } : null;
}

/**
 * The method of a request Node's parser refused for it (HPE_INVALID_METHOD) when it is a
 * well-formed one (RFC 9110's token) before a target: a method Node does not know (`FOO`), which
 * no route can take, a 501 (docs/decisions/0392). Null: no such method (`G@T`), a 400.
 */
function unknownMethodOf(error: { code?: string; rawPacket?: unknown }): string | null {
  const raw = error.rawPacket;
  if (error.code !== 'HPE_INVALID_METHOD' || !Buffer.isBuffer(raw)) return null;
  const line = /^([!#$%&'*+.^_`|~0-9A-Za-z-]{1,40}) \S/.exec(
    raw.subarray(0, 64).toString('latin1'),
  );
  return line ? line[1]! : null;
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses (headers too large, bad framing,
 * a request timeout, a method it does not know) gets its 4xx (501) in the JSON error shape instead of Fastify's default body, with
 * `headers` as answerUnmetExpectations's. Returns what was answered (null: nothing was, the
 * connection being gone).
 */
export function clientErrorInShape(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
  headers: Readonly<Record<string, string>> = {},
): ParserRefusal | null {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return null;
  const unknownMethod = unknownMethodOf(error);
  const status = unknownMethod
    ? 501
    : error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const cid = createCid();
  const message = unknownMethod ? notImplementedMessage(unknownMethod) : STATUS_CODES[status];
  const body = JSON.stringify({ error: { code: codeOfStatus(status), message, cid } });
  let extra = '';
  for (const name in headers) extra += `${name}: ${headers[name]}\r\n`;
  // The request's headers are not known here (Node failed to parse them): the CID is new.
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${extra}x-correlation-id: ${cid}\r\n` +
      `content-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
  return { cid, status, ...requestLineOf(error.rawPacket), remoteAddress: socket.remoteAddress };
}
