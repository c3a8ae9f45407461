import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { createCid } from '../../shared/cid';

// CONNECT never reaches Fastify's router: Node closes the connection without an answer when
// nobody listens for it. Answered in the gateway's JSON error shape (issue #12 item 6); parser
// errors are answered by shared/node-errors.ts.
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};
const CODES: Record<number, string> = {
  400: 'bad_request',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  431: 'headers_too_large',
};

export function writeRawError(socket: Duplex, status: number, message: string): void {
  if (!socket.writable) return void socket.destroy();
  const cid = createCid();
  const body = JSON.stringify({ error: { code: CODES[status], message, cid } });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      `x-correlation-id: ${cid}\r\n` +
      'connection: close\r\n\r\n' +
      body,
  );
}

/** CONNECT is not something a shop does: 405 instead of a silently closed connection. */
export function refuseConnect(server: Server): void {
  server.on('connect', (_request, socket: Duplex) =>
    writeRawError(socket, 405, 'CONNECT is not supported'),
  );
}
