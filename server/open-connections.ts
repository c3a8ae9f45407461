import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

// The server's open connections, for the end of the shutdown (./gateway-process.ts, ADR 0354).
// Node's close() closes the connections idle at the moment it starts and then waits for every
// other one; it also stops timing out requests (the check of headersTimeout and requestTimeout
// ends with it). So, once nothing is in flight, connections were left open: one kept alive after
// an answer whose head went out before the shutdown began and whose body ended after close()
// (held until KEEP_ALIVE_TIMEOUT_MS), one that had sent half a request, one that never sent any
// (held until the process was killed).

/** How often the shutdown looks again for connections to close. */
const SWEEP_MS = 50;

type Use = { requests: number; idleSince: number };

export type OpenConnections = {
  /**
   * From now on, closes each connection that has no request in progress and has been idle for
   * `idleMs` (at once if it already has), and at `deadline` (a Date.now() time) every one still
   * open. A balancer closes its idle connections itself before SHUTDOWN_DELAY_MS (ADR 0316):
   * closed sooner, one could be closed just as the balancer sends a request on it, which is lost.
   * A connection the server has begun to close (`end()` called: an answer with `Connection:
   * close`, or the lingering close of ADR 0301 reading an upload's rest) is left to close by
   * itself before the deadline: cut, the reset could lose the answer the client has not read.
   */
  closeWhenIdle(idleMs: number, deadline: number): void;
};

/** Tracks `server`'s connections from now on: call it before the server listens. */
export function trackConnections(server: Server): OpenConnections {
  const open = new Map<Socket, Use>();
  server.on('connection', (socket: Socket) => {
    open.set(socket, { requests: 0, idleSince: Date.now() });
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const use = open.get(request.socket);
    if (!use) return;
    use.requests++;
    response.once('close', () => {
      use.requests--;
      use.idleSince = Date.now();
    });
  });
  return {
    closeWhenIdle(idleMs, deadline) {
      const sweep = () => {
        if (open.size === 0) return;
        if (Date.now() >= deadline) return server.closeAllConnections();
        for (const [socket, use] of open) {
          const idle = use.requests === 0 && Date.now() - use.idleSince >= idleMs;
          if (idle && !socket.writableEnded) socket.destroy();
        }
        setTimeout(sweep, SWEEP_MS).unref();
      };
      sweep();
    },
  };
}
