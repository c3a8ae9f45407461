import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { createCid } from '../../shared/cid';
import { codeOfStatus } from '../../shared/error-codes';
import type { ParserRefusal } from '../../shared/node-errors';

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

/** Writes the error and closes; returns the answer's CID (null: the socket took nothing). */
export function writeRawError(socket: Duplex, status: number, message: string): string | null {
  if (!socket.writable) {
    socket.destroy();
    return null;
  }
  const cid = createCid();
  const body = JSON.stringify({ error: { code: codeOfStatus(status), message, cid } });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      `x-correlation-id: ${cid}\r\n` +
      'connection: close\r\n\r\n' +
      body,
  );
  return cid;
}

/**
 * CONNECT is not something a shop does: 405 instead of a silently closed connection. `answered`
 * is told of each refusal (the gateway logs its request line and counts it).
 */
export function refuseConnect(server: Server, answered?: (refusal: ParserRefusal) => void): void {
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    const cid = writeRawError(socket, 405, 'CONNECT is not supported');
    if (cid)
      answered?.({
        cid,
        status: 405,
        method: 'CONNECT',
        url: request.url,
        remoteAddress: request.socket.remoteAddress,
      });
  });
}
