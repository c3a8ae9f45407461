import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenFailure, type ListenAt } from './start-failure';

// A port of the platform, listened on as the process starts, before its database is opened: a
// port taken stops the start at once, in the one line of ./start-failure.ts, instead of after
// the migrations and the seed (seconds on a new DATA_DIR), and no other process can take it
// meanwhile. Until the real server has it, every request is answered 503 `starting`: /healthz
// and /readyz too, so a probe or `npm start` waits as it did for a port that refused, and nothing
// is served before the platform is ready (docs/decisions/0361).

export type HeldPort = {
  /**
   * Gives the port to the real server: the holder stops listening and `listen` starts at once,
   * in the same turn of the event loop, so the port is never free for more than that instant.
   */
  handOver<T>(listen: () => Promise<T>): Promise<T>;
  /**
   * Stops listening, its connections ended: a start that failed or stopped before the hand-over
   * leaves the port free and nothing that keeps the process alive. Nothing once handed over.
   */
  close(): Promise<void>;
};

const STARTING = JSON.stringify({
  status: 'starting',
  error: {
    code: 'starting',
    message: 'The platform is starting: its database is being opened, migrated and seeded.',
  },
});

function answerStarting(_request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(STARTING),
    'retry-after': '1',
    // Nothing of the holder outlives the hand-over: each connection closes after its answer.
    connection: 'close',
  });
  response.end(STARTING);
}

/** Listens on `at` now; a port that cannot be listened on is the StartFailure naming its setting. */
export async function holdPort(at: ListenAt): Promise<HeldPort> {
  const holder = createServer(answerStarting);
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen({ port: at.port, host: at.host }, () => {
      holder.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    throw listenFailure(error, at);
  });
  return {
    handOver(listen) {
      // close() releases the socket at once; its connections still answering finish on their own.
      holder.close();
      return listen();
    },
    async close() {
      if (!holder.listening) return;
      const closed = new Promise((resolve) => holder.close(resolve));
      holder.closeAllConnections();
      await closed;
    },
  };
}
