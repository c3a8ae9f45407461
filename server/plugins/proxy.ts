import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type {
  IncomingMessage,
  OutgoingHttpHeaders,
  RequestListener,
  ServerResponse,
} from 'node:http';
import type { Config } from '../config';
import { jsonError } from '../errors/json-error';
import { BODY_TOO_LARGE, bodyRefusal, declaredTooLarge } from '../proxy/body-limit';
import { BODY_LIMIT, PROXY_METHODS } from '../proxy/bounds';
import { createBreakers, DEFAULT_BREAKER, type BreakerOptions } from '../proxy/breakers';
import { headersOfDecodedBody } from '../proxy/decoded-body';
import { createProxyEngine } from '../proxy/engine';
import { proxyFrontDoor } from '../proxy/front-door';
import { fairShareGate } from '../proxy/fair-share-gate';
import { proxyTargets, type ProxyTarget } from '../proxy/targets';
import { PROOF_COOKIE, readTokenCookies } from '../session/cookies';
import { headerPairsOf } from '../upstream/header-pairs';
import type { Platform } from '../upstream/platform';

// /api/services/{service}/* (issue #2 point 8; docs/decisions/0210): one engine for every call,
// with two doors to it. Plain reads come in by the front door, before Fastify's routing; the
// rest reach the proxy route below after Fastify's hooks (CID, Host, CSRF, rate limits), which
// hands them to the same engine. Bodies are read whole, with a cap (../proxy/bounds.ts).
export { BODY_LIMIT };

export const proxyPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { config: Config; platform: Platform; breaker?: BreakerOptions; noFrontDoor?: boolean },
  ) => {
    const { config, platform } = opts;
    const targetOf = proxyTargets(config.proxiedServices);
    const unshared = createProxyEngine({
      upstreams: platform.upstreams,
      breakers: createBreakers(opts.breaker ?? DEFAULT_BREAKER),
      renewal: { refresher: app.refresher, config, serializeCookie: app.serializeCookie },
      reporter: () => app.reporter,
      shuttingDown: () => app.shuttingDown,
    });
    // Each call takes a place of its client's fair share first (ADR 0249).
    const engine = fairShareGate(unshared, app.fairShare.calls, config.trustProxy);

    const frontDoor = proxyFrontDoor({ app, config, engine, targetOf });
    const [fastify] = app.server.listeners('request') as RequestListener[];
    if (fastify && !opts.noFrontDoor) {
      app.server.removeListener('request', fastify);
      app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        if (!frontDoor(req, res)) fastify(req, res);
      });
    }

    const targets = new WeakMap<FastifyRequest, ProxyTarget>();
    // Own scope: the raw-body parser stays out of the rest of the app.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      // The body is read whole before the call takes a place of its client's fair share or a
      // connection to the service (ADR 0352): a visitor sending slowly holds neither.
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      // A body refused as it was read: the proxy's words for it (the rest: the app's handler).
      scope.setErrorHandler((error, _request, reply) => {
        const refusal = bodyRefusal(error);
        if (!refusal) throw error;
        return jsonError(reply, refusal.status, refusal.error.code, refusal.error.message);
      });

      scope.route({
        method: [...PROXY_METHODS],
        url: '/api/services/*',
        // The upstream's encoding passes through untouched: never compressed a second time.
        compress: false,
        // Refused in onRequest, before the body parser touches the stream (an unread body is then
        // drained by Node) and before any credential is looked at.
        onRequest: async (request, reply) => {
          const target = targetOf(request.url);
          if (!target.ok) return jsonError(reply, target.status, target.code, target.message);
          if (declaredTooLarge(request.raw, BODY_LIMIT))
            return jsonError(reply, 413, BODY_TOO_LARGE.code, BODY_TOO_LARGE.message);
          targets.set(request, target);
        },
        handler: (request, reply) => {
          const own = headerPairsOf(reply.getHeaders() as OutgoingHttpHeaders);
          reply.hijack();
          engine({
            method: request.method,
            headers: headersOfDecodedBody(request.headers),
            body: (request.body as Buffer | undefined) ?? null,
            res: reply.raw,
            target: targets.get(request)!,
            cid: request.cid,
            shopOrigin: request.shopOrigin,
            scope: request.scope,
            tokens: readTokenCookies(request),
            address: request.ip,
            proof: request.cookies[PROOF_COOKIE],
            own,
            log: () => request.log,
          });
        },
      });
    });
  },
  {
    name: 'proxy',
    dependencies: [
      'session',
      'request-context',
      'security-headers',
      'health',
      'observability',
      'request-log',
      'fair-share',
    ],
  },
);
