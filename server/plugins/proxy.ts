import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Config } from '../config';
import { abortableDispatcher } from '../proxy/abort';
import { declaredTooLarge, limitedBody } from '../proxy/body-limit';
import { createBreakers, DEFAULT_BREAKER, type BreakerOptions } from '../proxy/breakers';
import { proxyFastPath } from '../proxy/fast-path';
import { forward } from '../proxy/forward';
import { resolveTarget, type ProxyTarget } from '../proxy/services';
import { jsonError } from '../errors/json-error';
import type { Platform } from '../upstream/platform';

// /api/services/{service}/* (issue #2 point 8): allow-listed services on the shared keep-alive pool,
// paths checked before credentials, bodies streamed with a 1 MiB cap. The CSRF rule runs earlier,
// in onRequest (plugins/csrf.ts). See docs/decisions/0025.
export const BODY_LIMIT = 1024 * 1024;

export const proxyPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { config: Config; platform: Platform; breaker?: BreakerOptions; noFastPath?: boolean },
  ) => {
    const { config, platform } = opts;
    const breakers = createBreakers(opts.breaker ?? DEFAULT_BREAKER);
    // Plain proxied reads are served before Fastify's routing (ADR 0207); the rest reach the route.
    const fastPath = proxyFastPath({
      app,
      config,
      breakers,
      dispatcher: platform.dispatcher,
      origin: new URL(config.platformUrl).origin,
      securityHeaders: app.securityHeaders,
    });
    const [fastify] = app.server.listeners('request') as RequestListener[];
    if (fastify && !opts.noFastPath) {
      app.server.removeListener('request', fastify);
      app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        if (!fastPath(req, res, fastify)) fastify(req, res);
      });
    }
    const targets = new WeakMap<FastifyRequest, ProxyTarget & { ok: true }>();
    // Every target URL starts with the platform's origin (services.ts): split once, not parsed per call.
    const origin = new URL(config.platformUrl).origin;
    // Own scope: the raw-body parser and reply-from stay out of the rest of the app.
    await app.register(async (scope) => {
      await scope.register(replyFrom, {
        undici: abortableDispatcher(platform.dispatcher),
        // Explicit, unlike reply-from's defaults: only reads are retried, and never a body.
        retryMethods: ['GET', 'HEAD'],
        maxRetriesOn503: 1,
        disableRequestLogging: true,
      });
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (request, payload, done) =>
        done(null, limitedBody(payload, BODY_LIMIT)),
      );

      scope.route({
        method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        url: '/api/services/*',
        // The upstream's encoding passes through untouched: never compressed a second time.
        compress: false,
        // Refused in onRequest, before the body parser touches the stream (an unread body is then
        // drained by Node) and before any credential is looked at.
        onRequest: async (request, reply) => {
          const target = resolveTarget(request.url, config.platformUrl);
          if (!target.ok) return jsonError(reply, target.status, target.code, target.message);
          if (declaredTooLarge(request.raw, BODY_LIMIT)) {
            return jsonError(
              reply,
              413,
              'payload_too_large',
              'Request body too large (limit 1 MiB)',
            );
          }
          targets.set(request, target);
        },
        handler: async (request, reply) => {
          const target = targets.get(request);
          if (!target) return jsonError(reply, 404, 'not_found', 'Unknown service');
          const upstream = { ...target, origin, path: target.url.slice(origin.length) };
          await forward(request, reply, upstream, {
            refresher: app.refresher,
            config,
            breakers,
            dispatcher: platform.dispatcher,
          });
          return reply;
        },
      });
    });
  },
  { name: 'proxy', dependencies: ['session', 'request-context', 'security-headers', 'health'] },
);
