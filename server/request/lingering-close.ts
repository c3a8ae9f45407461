import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

// A lingering close, as nginx's `lingering_close` and Apache's do (docs/decisions/0301). The
// gateway often answers before a request's body has arrived: a 403 for a foreign origin, a
// redirect, a 413 for a declared length over the limit. On a connection that closes after the
// answer (the client sent `Connection: close`), Node closes the socket as soon as the answer is
// written; the kernel then resets the connection because of the unread upload, and the reset can
// throw the answer away before the client reads it: the client sees EPIPE or ECONNRESET instead
// of its 403 (the fuzz suite's "no answer: write EPIPE", one large upload in five on loopback).
// Instead the gateway half-closes (its answer and a FIN go out), lets Node discard the rest of
// the body (resOnFinish dumps an unread request), and closes once the body has ended, the client
// has gone, or LINGER_MS have passed, whichever comes first.

/** The longest the gateway reads and discards an upload it has already answered. */
export const LINGER_MS = 2_000;

const REQUEST = Symbol('lingering-close.request');
type Connection = Socket & { [REQUEST]?: IncomingMessage };

export function lingerBeforeClosing(server: Server, lingerMs = LINGER_MS): void {
  // The connection's current request, for its `complete` flag when Node closes the socket. After
  // Fastify's own listener, which the proxy's front door takes as the first (plugins/proxy.ts).
  server.on('request', (request: IncomingMessage) => {
    (request.socket as Connection)[REQUEST] = request;
  });
  server.on('connection', (socket: Connection) => {
    const destroySoon = socket.destroySoon;
    // Node's HTTP server calls destroySoon() once the last answer on the connection is written.
    socket.destroySoon = function destroyAfterTheBody(this: Connection) {
      const request = this[REQUEST];
      if (!request || request.complete || this.destroyed) return destroySoon.call(this);
      linger(this, request, lingerMs);
    };
  });
}

function linger(socket: Socket, request: IncomingMessage, lingerMs: number): void {
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, lingerMs);
  timer.unref();
  socket.end();
  socket.once('close', () => clearTimeout(timer));
  request.once('end', close);
  // Whatever still reads the body (a proxied write's upload) is done with it: the answer is out.
  request.unpipe();
  request.resume();
}
