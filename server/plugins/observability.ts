import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Reporter } from '../observability/error-reporting';
import { HttpFailureError } from '../errors/http-failure';
import { countRequest } from '../observability/metrics';
import { learnTenant, namesVisitor, requestScope } from '../observability/request-scope';
import { routeIdOf } from '../observability/route-id';
import { currentScope, runInScope, type RequestScope } from '../observability/scope';
import { closeRequestSpan, flushTracingAtClose, initTracing } from '../observability/tracing';
import { onSectionFailure } from '../page/section-failures';
import { readTokenCookies } from '../session/cookies';

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

const NO_TOKENS = { accessToken: null, refreshToken: null };

export const observabilityPlugin = fp(
  async (app: FastifyInstance, opts: { reporter: Reporter }) => {
    app.decorate('reporter', opts.reporter);
    app.decorateRequest('scope', null as never);
    // Spans exported when an OTLP endpoint is configured (docs/decisions/0250).
    await initTracing();
    app.addHook('onClose', async () => {
      const failure = await flushTracingAtClose();
      if (failure) app.log.warn({ failure }, 'spans not exported at close');
    });

    app.addHook('onRequest', (request, _reply, done) => {
      const routeId = routeIdOf(request);
      const scope = requestScope(app, {
        cid: request.cid,
        shopOrigin: request.shopOrigin,
        traceparent: request.headers.traceparent,
        tracestate: request.headers.tracestate,
        method: request.method,
        routeId,
        tokens: namesVisitor(app, routeId) ? readTokenCookies(request) : NO_TOKENS,
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

    // A request refused before the onRequest hook above (an overlong target, a bad Host, a port
    // the shop is not published at, a target that is not a path; a malformed URL Fastify refuses
    // before routing) gets its scope as it is answered: its metrics, span and request line
    // (plugins/request-log.ts, after this) name its route, CID and trace like any other's.
    const answered = (request: FastifyRequest, reply: FastifyReply, elapsedMs: number) => {
      const scope = (request.scope ??= requestScope(app, {
        cid: request.cid || request.id,
        shopOrigin: request.shopOrigin,
        traceparent: request.headers.traceparent,
        tracestate: request.headers.tracestate,
        method: request.method,
        routeId: routeIdOf(request),
        tokens: NO_TOKENS,
        startTime: Date.now() - elapsedMs,
      }));
      countRequest(scope.routeId, request.method, reply.statusCode, elapsedMs / 1000);
      closeRequestSpan(scope, reply.statusCode);
      learnTenant(scope);
    };
    app.addHook('onResponse', (request, reply, done) => {
      // Before done(), which runs the next hooks at once: the request line reads the scope.
      answered(request, reply, reply.elapsedTime);
      done();
    });
    app.afterUnroutedAnswer.push(answered);
  },
  { name: 'observability', dependencies: ['request-context', 'errors'] },
);
