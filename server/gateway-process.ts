import { givenNodeEnv } from './node-env';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { listenFailureMessage, METRICS_SETTINGS, metricsOffMessage } from './listen-failure';
import { initErrorReporting } from './observability/error-reporting';
import { startMetricsServer, type MetricsServer } from './observability/metrics-server';
import { trackConnections } from './open-connections';

// The gateway process, started by ./main.ts once NODE_ENV is settled: validated config, the app,
// listen, graceful shutdown on SIGTERM/SIGINT: readiness turns 503 at once, the load balancer gets
// SHUTDOWN_DELAY_MS to notice (the listener stays open and answers what still comes), then the
// server stops accepting and in-flight requests finish (up to SHUTDOWN_TIMEOUT_MS), the connections
// left open close once idle, and the process exits (docs/decisions/0141, 0354).
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

await initErrorReporting(config);
const app = await buildApp(config, {
  render:
    process.env.GATEWAY_DEV === 'true'
      ? { kind: 'vite' }
      : { kind: 'build', dir: process.env.BUILD_DIR },
});

// From the start: the shutdown closes what close() leaves open once drained (ADR 0354).
const connections = trackConnections(app.server);

if (givenNodeEnv !== undefined && givenNodeEnv !== process.env.NODE_ENV)
  app.log.info({ nodeEnv: givenNodeEnv }, 'NODE_ENV is taken as production');
if (process.env.GATEWAY_DEV !== 'true' && process.env.NODE_ENV !== 'production') {
  app.log.warn(
    'NODE_ENV is not "production": React and the libraries run their slow development builds',
  );
}

// close-with-grace's own deadline (exit 1, nothing flushed) comes CLOSE_MARGIN_MS after the
// shutdown timeout, so that closing and flushing error reports fit in after it; the orchestrators
// allow 5 s past delay + timeout (docker-compose.yml's stop_grace_period, deploy/k8s/gateway.yaml).
const CLOSE_MARGIN_MS = 4_000;

closeWithGrace(
  { delay: config.shutdown.delay + config.shutdown.timeout + CLOSE_MARGIN_MS },
  async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'fatal error, shutting down');
    app.shuttingDown = true;
    connections.watch();
    app.log.info({ signal }, 'shutting down: not ready any more');
    await new Promise((resolve) => setTimeout(resolve, config.shutdown.delay));
    // Stop accepting first, then drain: with the listener open, requests that keep coming never
    // let the count of those in flight reach zero, and the timeout cut them. close() closes the
    // listener at once and waits for busy connections (return503OnClosing: false, app.ts).
    const closing = app.close();
    closing.catch(() => undefined); // awaited below: no unhandled rejection while draining
    const deadline = Date.now() + config.shutdown.timeout;
    const drained = await app.drained(config.shutdown.timeout);
    if (!drained) {
      app.log.warn('shutdown timeout: closing with requests still in flight');
      // The server's close waits for every open connection: the ones still busy are cut here.
      app.server.closeAllConnections();
    } else {
      // Nothing in flight, yet close() would wait for the connections still open, up to
      // KEEP_ALIVE_TIMEOUT_MS or for ever, past the kill: they are closed once idle for as long
      // as a balancer keeps one (ADR 0316), or at the timeout (./open-connections.ts, ADR 0354).
      connections.closeWhenIdle(config.shutdown.delay, deadline);
    }
    await closing;
    await metrics?.close();
    await app.reporter.flush(2_000);
    app.log.info('closed');
  },
);

// A start that fails (the port taken, HOST not an address here) exits 1 at once, naming the
// cause: the process never listened, so no balancer sends it anything and there is nothing to
// drain. As an uncaught error it went through the shutdown above and waited SHUTDOWN_DELAY_MS.
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  process.stderr.write(`${listenFailureMessage(error, config)}\n`);
  process.exit(1);
}

// Metrics on their own port; a port already taken (another replica on this host) is not fatal.
// Any other failure is a setting to fix (METRICS_HOST not an address here): the gateway exits 1
// naming it, as for HOST, rather than run without the metrics its operator asked for.
let metrics: MetricsServer | null = null;
if (config.metrics.port > 0) {
  try {
    metrics = await startMetricsServer(config.metrics);
    app.log.info({ port: metrics.port, host: config.metrics.host }, 'metrics on /metrics');
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EADDRINUSE') {
      process.stderr.write(`${listenFailureMessage(error, config.metrics, METRICS_SETTINGS)}\n`);
      process.exit(1);
    }
    app.log.warn({ err: error }, metricsOffMessage(config.metrics));
  }
}
