import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { createCid, isCid } from './cid';

// Errors Node answers before any framework sees the request, in the JSON error shape.

// Node answers a request whose `Expect` is not `100-continue` with a bare 417 before any framework
// sees it. With a listener it is ours to answer: the same 417, in the JSON error shape with a CID
// (the caller's when valid), like every other error.
// `headers`: what every answer of the server carries (the gateway's security headers, ADR 0124);
// these answers are written before any hook of the framework that would add them runs.
export function answerUnmetExpectations(
  server: Server,
  headers: Readonly<Record<string, string>> = {},
): void {
  server.on('checkExpectation', (request, response) => {
    const sent = request.headers['x-correlation-id'];
    const body = JSON.stringify({
      error: {
        code: 'expectation_failed',
        message: 'Only "Expect: 100-continue" is supported',
        cid: isCid(sent) ? sent : createCid(),
      },
    });
    response.writeHead(417, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body);
  });
}

/** The error codes of these statuses, as the gateway's table names them (server/errors/status.ts). */
const PARSER_CODES: Record<number, string> = {
  400: 'bad_request',
  408: 'request_timeout',
  431: 'headers_too_large',
};

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses (headers too large, bad framing,
 * a request timeout) gets its 4xx in the JSON error shape instead of Fastify's default body, with
 * `headers` as answerUnmetExpectations's.
 */
export function clientErrorInShape(
  error: Error & { code?: string },
  socket: Socket,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const body = JSON.stringify({
    error: { code: PARSER_CODES[status], message: STATUS_CODES[status], cid: createCid() },
  });
  let extra = '';
  for (const name in headers) extra += `${name}: ${headers[name]}\r\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${extra}content-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
