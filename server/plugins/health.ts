import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// /healthz: the process is alive. /readyz: ready to take traffic; 503 once shutdown has begun, so
// the load balancer stops sending new requests while in-flight ones finish (see server/main.ts).
declare module 'fastify' {
  interface FastifyInstance {
    shuttingDown: boolean;
  }
}

export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('shuttingDown', false);
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (_request, reply) =>
      app.shuttingDown
        ? reply.status(503).header('connection', 'close').send({ status: 'shutting-down' })
        : { status: 'ready' },
    );
  },
  { name: 'health' },
);
