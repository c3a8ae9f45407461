import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { createCid, isCid } from '../shared/cid';
import { redactUrlSecrets } from '../shared/redact-keys';
import { logFormat, prettyStream } from '../shared/log-format';
import { principalPlugin } from './auth/principal';
import { revocationNotes, type RevocationNotes } from './auth/revocation-notes';
import { loadSigner, type TokenSigner } from './auth/tokens';
import type { PlatformConfig } from './config';
import type { Db } from './db/db';
import { answerUnmetExpectations, clientErrorInShape } from '../shared/node-errors';
import { frameworkErrors, registerErrorHandler } from './http/errors';
import { traceRequests, tracedDb } from './http/tracing';
import { registerOpenApi, type ServiceAccess } from './http/openapi';
import { registerReadiness } from './http/readiness';
import type { SignInHook } from './auth/sign-in-hooks';
import booking from './services/booking/index';
import catalogue from './services/catalogue/index';
import cms from './services/cms/index';
import dev from './services/dev/index';
import diagnostics from './services/observability/blink-reports';
import errorInbox from './services/observability/error-inbox';
import analyticsInbox from './services/analytics/analytics-inbox';
import orders from './services/orders/index';
import profile from './services/profile/index';
import shoppingLists from './services/shopping-lists/index';
import smartCarts from './services/smart-carts/index';
import uaa from './services/uaa/index';
import { keepSwept } from './services/retention-sweep';
import type { ServiceOptions } from './services/service';
import { sweptTables } from './services/swept-tables';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

// The reference platform: every upstream service of the shop on one database. Each service is a
// Fastify plugin mounted at the prefix the gateway's proxy expects.

// `access`: what every route of the service needs unless it says otherwise (docs/decisions/0230).
const services = [
  { plugin: cms, prefix: '/cms-api', access: { shop: true } },
  { plugin: uaa, prefix: '/api/services/uaa/api/v1', access: { shop: true } },
  {
    plugin: booking,
    prefix: '/api/services/booking-ms/api/v1',
    access: { auth: 'principal', errors: [403] },
  },
  { plugin: catalogue, prefix: '/api/services/catalogue/api/v1', access: { shop: true } },
  { plugin: orders, prefix: '/api/services/orders/api/v1', access: { auth: 'account' } },
  {
    plugin: shoppingLists,
    prefix: '/api/services/shopping-lists/api/v1',
    access: { auth: 'account' },
  },
  { plugin: smartCarts, prefix: '/api/services/smart-carts/api/v1', access: { auth: 'account' } },
  { plugin: profile, prefix: '/api/services/profile/api/v1', access: { auth: 'account' } },
  { plugin: diagnostics, prefix: '/api/services/diagnostics/api/v1', access: { shop: true } },
  { plugin: dev, prefix: '/dev', access: {} },
  { plugin: errorInbox, prefix: '/dev/errors', access: {} },
  { plugin: analyticsInbox, prefix: '/dev/analytics', access: {} },
] as const satisfies readonly (ServiceAccess & { plugin: unknown })[];

/**
 * `logStream`: where JSON log lines go instead of stdout (tests read them); `revocationNotes`:
 * this process's by default (a test of a restart gives fresh ones); `freezeAge`: the sweep's
 * freeze bound on PGlite, FREEZE_AGE by default (a test gives a few hundred transactions).
 */
export type PlatformOptions = {
  logStream?: { write(line: string): void };
  revocationNotes?: RevocationNotes;
  freezeAge?: number;
};

export async function buildPlatform(
  db: Db,
  config: PlatformConfig,
  options: PlatformOptions = {},
): Promise<FastifyInstance> {
  // Spans of requests and database queries when tracing is on (./http/tracing.ts).
  db = await tracedDb(db);
  const pretty = !options.logStream && logFormat() === 'pretty';
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestForLog },
            stream: options.logStream ?? prettyStream(logFormat()),
          },
    bodyLimit: 1024 * 1024,
    // request.ip: the client the gateway names in X-Forwarded-For, believed only from the gateways.
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 300 },
    // Log lines carry the caller's correlation id (the gateway's CID) when it sends a valid one.
    genReqId: (req) => {
      const cid = req.headers['x-correlation-id'];
      return isCid(cid) ? cid : createCid();
    },
    // On a terminal, the gateway's request line names each page's platform calls: the platform's
    // own two lines per call (dozens per page) are left to JSON logs (docs/decisions/0253).
    logController: new LogController({ requestIdLogLabel: 'cid', disableRequestLogging: pretty }),
    frameworkErrors,
    clientErrorHandler: clientErrorInShape,
  });
  // Routes declare zod schemas (params, querystring, body, response): validated, typed and
  // documented from that one place (docs/decisions/0191).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any route or handler: their request loggers carry the span's ids (./http/tracing.ts).
  await traceRequests(app);
  registerErrorHandler(app);
  answerUnmetExpectations(app.server);
  // Before any route: the document lists every route registered after this line.
  registerOpenApi(app, services);
  const signer = await loadSigner(db);
  app.decorate('signer', signer);
  app.decorate('signInHooks', [] as SignInHook[]);
  await app.register(principalPlugin, {
    db,
    signer,
    accessTokenTtl: config.accessTokenTtl,
    notes: options.revocationNotes ?? revocationNotes,
  });
  // The probes (every few seconds from a balancer or Kubernetes) write no log line, as the
  // gateway's own do not: `logLevel` per route is Fastify's.
  app.get(
    '/healthz',
    { logLevel: 'silent', schema: { summary: 'Liveness', tags: ['platform'] } },
    async () => ({ status: 'ok' }),
  );
  registerReadiness(app, db);
  for (const { plugin, prefix } of services) {
    await app.register(plugin, { prefix, db, config } satisfies ServiceOptions & {
      prefix: string;
    });
  }
  // The rows past their time deleted, and on PGlite their space made usable again (ADR 0363) and
  // old transaction ids frozen (ADR 0381).
  keepSwept(app, db, sweptTables(config), options.freezeAge);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    signer: TokenSigner;
  }
}

/** Fastify's request log fields, with activation and reset keys hidden (docs/decisions/0133). */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrlSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
    // The gateway's W3C trace context, logged with each request (issue #7 item 8).
    ...(typeof request.headers.traceparent === 'string'
      ? { traceparent: request.headers.traceparent }
      : {}),
  };
}
