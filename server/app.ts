import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { answerUnmetExpectations, clientErrorInShape } from '../shared/node-errors';
import { assertKnownMiddleware } from '../shared/route-middleware';
import { routeTable, type RouteEntry } from '../shared/routes';
import type { Config } from './config';
import { initErrorReporting } from './observability/error-reporting';
import { loggerOptions, requestLineLogger } from './logger';
import { observabilityPlugin } from './plugins/observability';
import { watchCaches } from './observability/cache-lookups';
import { upstreamWatch } from './observability/upstream-watch';
import { noteParserRefusal } from './observability/parser-refusals';
import { redisConnected } from './observability/metrics';
import { cachePurgePlugin } from './plugins/cache-purge';
import { analyticsPlugin } from './plugins/analytics';
import { openApiPlugin } from './plugins/openapi';
import { runningBuild } from './observability/running-build';
import { tunnelRoute } from './observability/tunnel';
import { tenantLookup } from './page/tenant-lookup';
import { registerCompression } from './plugins/compression';
import { refuseConnect } from './errors/connection-errors';
import { errorsPlugin } from './plugins/errors';
import { fairSharePlugin } from './plugins/fair-share';
import { helmetOptions, securityHeaders, securityHeadersPlugin } from './plugins/security-headers';
import { healthPlugin } from './plugins/health';
import { proxyPlugin } from './plugins/proxy';
import { rateLimitPlugin } from './plugins/rate-limit';
import { renderPlugin, type RenderSource } from './plugins/render';
import { requestContextPlugin } from './plugins/request-context';
import { targetFormPlugin } from './plugins/target-form';
import { requestCid } from './request/identity';
import { lingerBeforeClosing } from './request/lingering-close';
import { requestLogPlugin } from './plugins/request-log';
import { sessionPlugin } from './plugins/session';
import type { Preset } from './cache/subrequest-cache';
import { createPlatform } from './upstream/platform';
import { createTemplateCache } from './page/template-cache';
import { createPageCache } from './page/page-cache';
import { connectReplicas } from './replicas/redis';

export type AppOptions = {
  /** Where the React Router server build comes from (built files, or Vite in development). */
  render?: RenderSource;
  /** The route table to check at start (tests pass a broken one). */
  routeTable?: readonly RouteEntry[];
  /** Receives the JSON log lines instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Replaces the sub-request cache's durations (tests of what happens as answers age). */
  subrequestDurations?: Preset;
};

/** The gateway as a Fastify instance, not listening (server/gateway-process.ts listens). */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  // An unknown route middleware is a start-up error, not a surprise at the first request.
  assertKnownMiddleware(options.routeTable ?? routeTable);

  const logger = loggerOptions(config, options.logStream);
  // Also on the answers given before the plugin's hook runs (ADR 0124): Node's own refusals and
  // Fastify's framework errors below.
  const security = securityHeaders(helmetOptions(config));
  const app: FastifyInstance = Fastify({
    logger,
    genReqId: requestCid,
    logController: new LogController({
      requestIdLogLabel: 'cid',
      // One line per request instead, from plugins/request-log.ts.
      disableRequestLogging: true,
    }),
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    requestTimeout: config.timeouts.request,
    // Longer than the balancer keeps an idle connection: it closes them, not us (ADR 0316).
    keepAliveTimeout: config.timeouts.keepAlive,
    // Node checks the request timeout only this often (30 s by default: a slow body was cut
    // after ~75 s instead of REQUEST_TIMEOUT_MS). Fastify sets requestTimeout after the server is
    // made, leaving Node's headersTimeout at 60 s; while it is above requestTimeout Node lets a
    // trickled body live to it, so it is set here, at most REQUEST_TIMEOUT_MS (ADR 0249).
    http: {
      connectionsCheckingInterval: 1_000,
      headersTimeout: Math.min(60_000, config.timeouts.request),
    },
    // A request already on its way when close() starts (its connection was busy, so Node kept
    // it) is answered, with Connection: close, not refused with a 503 the load balancer would
    // not retry (a shopper's page lost in a rolling deploy). close() waits for it; the pool and
    // the other onClose hooks run after the server closed. ADR 0141.
    return503OnClosing: false,
    // Requests Fastify refuses before routing (malformed percent-encoding, bad content type)
    // answer in the gateway's JSON error shape, with the CID (server/plugins/errors.ts).
    // They run no hook: answerUnrouted gives them their metrics and request line.
    frameworkErrors: (error, request, reply: FastifyReply) =>
      app.answerUnrouted(error, request, reply.headers(security)),
    // What Node's parser refuses (headers too large) and unmet Expect headers, in the same shape,
    // counted and logged (observability/parser-refusals.ts).
    clientErrorHandler: (error, socket) =>
      noteParserRefusal(clientErrorInShape(error, socket, security), app.writeRequestLine),
  });
  answerUnmetExpectations(
    app.server,
    security,
    (refusal) => noteParserRefusal(refusal, app.writeRequestLine),
    requestCid,
  );
  // An answer sent before the upload arrived reaches the client (ADR 0301).
  lingerBeforeClosing(app.server);
  const reporter = await initErrorReporting(config);
  // Every platform call is watched: traceparent, metrics, failed answers reported.
  const platform = createPlatform(
    config,
    upstreamWatch(() => reporter),
    options.subrequestDurations,
  );
  // Opt-in anonymous page cache (ADR 0154), 8 MB at most.
  const pageCache =
    config.pageCacheSeconds > 0
      ? createPageCache({ ttlSeconds: config.pageCacheSeconds, maxBytes: 8 * 1024 * 1024 })
      : null;
  // Document templates (ADR 0203), on with the sub-request cache their freshness rests on.
  const templates =
    platform.cache && config.templateCacheMb > 0
      ? createTemplateCache({
          maxBytes: config.templateCacheMb * 1024 * 1024,
          subrequests: platform.cache,
        })
      : null;
  // Cache lookups counted and traced (observability/cache-lookups.ts).
  watchCaches({ subrequest: platform.cache, page: pageCache });
  app.addHook('onClose', async () => platform.upstreams.close());
  // Shared by the replicas with REDIS_URL: rate limits, renewals, cache purges (ADR 0220, 0221).
  const replicas = config.redisUrl
    ? await connectReplicas(config.redisUrl, app.log, redisConnected)
    : null;
  if (replicas) app.addHook('onClose', () => replicas.close());

  await app.register(errorsPlugin);
  refuseConnect(app.server, (refusal) => noteParserRefusal(refusal, app.writeRequestLine));
  // Before the target-form hook, whose refusal ends the request: it carries them too.
  await app.register(securityHeadersPlugin, { config });
  await app.register(targetFormPlugin);
  await app.register(cookie);
  await registerCompression(app);
  await app.register(requestContextPlugin, { publicPorts: config.publicPorts });
  await app.register(observabilityPlugin, { reporter });
  await app.register(requestLogPlugin, { lines: requestLineLogger(logger) });
  await app.register(healthPlugin, { platform, poolWaitLimitMs: config.timeouts.connect });
  await app.register(rateLimitPlugin, { config, redis: replicas?.commands ?? null });
  // A shop's tenant id for GET /auth/session and for the browser's reports and events that reach
  // a replica before any page of that shop did: one lookup, shared (./page/tenant-lookup.ts).
  const tenantOf = tenantLookup(platform, config.timeouts.context);
  await app.register(sessionPlugin, {
    config,
    platform,
    redis: replicas?.commands ?? null,
    tenantOf,
  });
  await app.register(fairSharePlugin, { config });
  await app.register(proxyPlugin, { config, platform });
  await app.register(cachePurgePlugin, { config, platform, pageCache, templates, replicas });
  if (config.openapiPublic) await app.register(openApiPlugin);
  // The build the pages come from, which a browser's report may name (ADR 0365).
  const build = runningBuild();
  await tunnelRoute(app, config, tenantOf, build);
  await app.register(analyticsPlugin, { config, tenantOf });
  await app.register(renderPlugin, {
    config,
    runningBuild: build,
    platform,
    pageCache,
    templates,
    source: options.render ?? { kind: 'build' },
  });
  return app;
}
