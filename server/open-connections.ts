import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

// The server's open connections, for the end of the shutdown (./gateway-process.ts, ADR 0354).
// Node's close() closes the connections idle at the moment it starts and then waits for every
// other one; it also stops timing out requests (the check of headersTimeout and requestTimeout
// ends with it). So, once nothing is in flight, connections were left open: one kept alive after
// an answer whose head went out before the shutdown began and whose body ended after close()
// (held until KEEP_ALIVE_TIMEOUT_MS), one that had sent half a request, one that never sent any
// (held until the process was killed).
//
// Until the shutdown, a connection costs a set entry and a 'close' listener, and a request
// nothing: the proxy's requests have one listener each for everything (ADR 0210). From the
// shutdown's start, requests are counted per connection, and a connection's bytes are looked at
// every SWEEP_MS: the last time they moved is when it was last used, an answer begun before the
// shutdown included.

/** How often the shutdown looks at the connections' bytes, and for connections to close. */
const SWEEP_MS = 50;

type Use = { requests: number; bytes: number; usedAt: number };

export type OpenConnections = {
  /** At the shutdown's start: from now on, what each connection does is watched. */
  watch(): void;
  /**
   * Once nothing begun before `watch()` is in flight (drained): closes each connection that has
   * no request in progress and has been unused for `idleMs` (at once if it already has), and at
   * `deadline` (a Date.now() time) every one still open. A balancer closes its idle connections
   * itself before SHUTDOWN_DELAY_MS (ADR 0316): closed sooner, one could be closed just as the
   * balancer sends a request on it, which is lost. A connection the server has begun to close
   * (`end()` called: an answer with `Connection: close`, or the lingering close of ADR 0301
   * reading an upload's rest) is left to close by itself before the deadline: cut, the reset
   * could lose the answer the client has not read.
   */
  closeWhenIdle(idleMs: number, deadline: number): void;
};

const bytesOf = (socket: Socket) => socket.bytesRead + socket.bytesWritten;

/** Tracks `server`'s connections from now on: call it before the server listens. */
export function trackConnections(server: Server): OpenConnections {
  const open = new Set<Socket>();
  const uses = new Map<Socket, Use>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      uses.delete(socket);
    });
  });
  const usageOf = (socket: Socket) => {
    let use = uses.get(socket);
    if (!use) uses.set(socket, (use = { requests: 0, bytes: bytesOf(socket), usedAt: Date.now() }));
    return use;
  };
  /** Notes, for each connection, whether its bytes moved since the last look. */
  const look = () => {
    const now = Date.now();
    for (const socket of open) {
      const use = usageOf(socket);
      const bytes = bytesOf(socket);
      if (bytes !== use.bytes) [use.bytes, use.usedAt] = [bytes, now];
    }
  };
  let watching = false;
  return {
    watch() {
      if (watching) return;
      watching = true;
      look();
      server.on('request', (request: IncomingMessage, response: ServerResponse) => {
        const use = usageOf(request.socket);
        use.requests++;
        response.once('close', () => {
          use.requests--;
          use.usedAt = Date.now();
        });
      });
      setInterval(look, SWEEP_MS).unref();
    },
    closeWhenIdle(idleMs, deadline) {
      const sweep = () => {
        if (open.size === 0) return;
        if (Date.now() >= deadline) return server.closeAllConnections();
        look();
        for (const socket of open) {
          const use = usageOf(socket);
          const idle = use.requests === 0 && Date.now() - use.usedAt >= idleMs;
          if (idle && !socket.writableEnded) socket.destroy();
        }
        setTimeout(sweep, SWEEP_MS).unref();
      };
      sweep();
    },
  };
}
