import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Platform } from '../upstream/platform';

// /healthz: the process is alive. /readyz: ready to take traffic; 503 once shutdown has begun, so
// the load balancer stops sending new requests while in-flight ones finish (see server/main.ts),
// and 503 while a call to the platform has waited longer than `poolWaitLimitMs` for a connection
// of the shared pool (wedged or saturated: another instance serves better meanwhile).
declare module 'fastify' {
  interface FastifyInstance {
    shuttingDown: boolean;
    /** Resolves once no request is in flight (or after timeoutMs). */
    drained(timeoutMs: number): Promise<boolean>;
    /**
     * Counts a request in flight until the returned function is called, once its response closed
     * (the proxy's front door, ADR 0210, which has one 'close' listener for everything it does).
     */
    enterFlight(): () => void;
  }
}

export const healthPlugin = fp(
  async (app: FastifyInstance, opts: { platform: Platform; poolWaitLimitMs: number }) => {
    app.decorate('shuttingDown', false);
    let inFlight = 0;
    // The response's 'close' fires exactly once, whether it finished or the client went away.
    const left = () => inFlight--;
    app.decorate('enterFlight', () => {
      inFlight++;
      return left;
    });
    app.addHook('onRequest', (_request, reply, done) => {
      inFlight++;
      reply.raw.once('close', left);
      done();
    });
    app.decorate('drained', async (timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 25));
      return inFlight <= 0;
    });
    // While shutting down, every response closes its connection, so keep-alive clients move to
    // another instance and the server can finish closing once in-flight requests are done.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (app.shuttingDown) reply.header('connection', 'close');
      done(null, payload);
    });
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (_request, reply) => {
      if (app.shuttingDown)
        return reply.status(503).header('connection', 'close').send({ status: 'shutting-down' });
      const waitedMs = opts.platform.upstreams.oldestWaitMs();
      if (waitedMs > opts.poolWaitLimitMs)
        return reply.status(503).send({ status: 'upstream-pool-wedged', waitedMs });
      // Every place of the fair share taken (ADR 0249): another instance serves better now.
      if (app.fairShare?.saturated()) return reply.status(503).send({ status: 'saturated' });
      return { status: 'ready' };
    });
  },
  { name: 'health' },
);
