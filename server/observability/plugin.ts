import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Reporter } from '../error-reporting';
import { readTokenCookies, type TokenCookies } from '../session/cookies';
import { countRequest } from './metrics';
import { routeIdOf } from './route-id';
import { HttpFailureError } from '../errors/http-failure';
import { onSectionFailure } from '../page/section-failures';
import { currentScope, runInScope, traceIdFrom, type RequestScope } from './scope';

// Per request (issue #7 items 1, 6, 8): the request's scope (CID, trace id, tenant, route id,
// visitor) for reports and upstream calls; the gateway's own handler errors reported; request
// count and latency by route id; the id of the report a failure produced in X-Event-Id, so the
// browser shows it and does not report the same failure again.
declare module 'fastify' {
  interface FastifyInstance {
    reporter: Reporter;
  }
  interface FastifyRequest {
    scope: RequestScope;
  }
}

const NO_TOKENS: TokenCookies = { accessToken: null, refreshToken: null };

/** The host name of a shop origin (`http://shop.localhost:3000` -> `shop.localhost`), no URL parse. */
export function hostnameOf(origin: string): string {
  const host = origin.slice(origin.indexOf('//') + 2);
  const port = host.lastIndexOf(':');
  return port === -1 ? host : host.slice(0, port);
}

/** The scope of one request; `tokens` only matter to a report (who was it). */
export function requestScope(
  app: FastifyInstance,
  request: {
    cid: string;
    shopOrigin: string;
    traceparent: unknown;
    routeId: string;
    tokens: TokenCookies;
  },
): RequestScope {
  const { cid, shopOrigin } = request;
  const scope: RequestScope = {
    cid,
    traceId: traceIdFrom(request.traceparent),
    // Probes (/healthz, /readyz) have no shop origin.
    tenant: shopOrigin ? hostnameOf(shopOrigin) : '',
    routeId: request.routeId,
  };
  const { accessToken, refreshToken } = app.reporter.enabled ? request.tokens : NO_TOKENS;
  if (accessToken && refreshToken) {
    // Only a report needs it: who was it, for a proxied call that failed.
    scope.lookupUser = async () => {
      const result = await app.uaa.account({ cid, shopOrigin }, { accessToken, refreshToken });
      if (result.kind !== 'ok' || result.account.id === null || result.account.id === undefined)
        return null;
      const { account } = result;
      return { id: String(account.id), login: account.login ?? null, email: account.email ?? null };
    };
  }
  return scope;
}

export const observabilityPlugin = fp(
  async (app: FastifyInstance, opts: { reporter: Reporter }) => {
    app.decorate('reporter', opts.reporter);
    app.decorateRequest('scope', null as never);

    app.addHook('onRequest', (request, _reply, done) => {
      const scope = requestScope(app, {
        cid: request.cid,
        shopOrigin: request.shopOrigin,
        traceparent: request.headers.traceparent,
        routeId: routeIdOf(request),
        tokens: opts.reporter.enabled ? readTokenCookies(request) : NO_TOKENS,
      });
      request.scope = scope;
      runInScope(scope, done);
    });

    // The gateway's own handler errors (5xx), through the one error plugin (plugins/errors.ts).
    // A failed response the gateway answered itself (the proxy's 502/504) is reported like a failed
    // upstream answer, "[status] statusText (url)" (docs/decisions/0127).
    app.errorReporters.push(({ error, request }) => {
      if (!request.scope) return;
      if (error instanceof HttpFailureError)
        void opts.reporter.httpFailure(request.scope, error.failure);
      else opts.reporter.exception(error, request.scope);
    });
    // A page section left out: reported when it was an exception (a failed upstream answer
    // was reported by the upstream watch already).
    const unsubscribe = onSectionFailure((failure) => {
      const scope = currentScope();
      if (failure.status === null && scope && !scope.quiet) {
        opts.reporter.exception(
          new Error(`Section ${failure.section} left out: ${failure.message}`),
          scope,
        );
      }
    });
    app.addHook('onClose', async () => unsubscribe());

    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.scope?.eventId) reply.header('x-event-id', request.scope.eventId);
      done(null, payload);
    });

    app.addHook('onResponse', (request, reply, done) => {
      done();
      const route = request.scope?.routeId ?? 'unmatched';
      countRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    });
  },
  { name: 'observability', dependencies: ['request-context', 'errors'] },
);
