import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import {
  flushAtClose,
  parseTraceparent,
  passedTracestate,
  remoteParent,
  startTracing,
  type Tracing,
} from '../../shared/tracing';
import type { Db, Queryable } from '../db/db';

// The platform's spans (issue #28 item 1, docs/decisions/0250): a server span per request,
// continuing the caller's traceparent (the gateway's upstream call), and a span per database
// query beneath it, so one trace goes from the browser's request to the database. Configured by
// the same standard variables as the gateway's (../../shared/tracing.ts); off without an endpoint,
// and then nothing here is installed.
let tracing: Promise<Tracing | null> | undefined;
const tracingOf = () => (tracing ??= startTracing('storefront-platform'));

const requestSpan = new AsyncLocalStorage<Span>();
const spans = new WeakMap<IncomingMessage, Span>();

/** A server span continuing the caller's trace (named by its route once that is known). */
function openSpan(on: Tracing, raw: IncomingMessage): Span {
  const { headers } = raw;
  const span = on.tracer.startSpan(
    String(raw.method),
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': String(raw.method) } },
    remoteParent(parseTraceparent(headers.traceparent), passedTracestate(headers.tracestate)),
  );
  spans.set(raw, span);
  return span;
}

/**
 * Server spans for `app`'s requests (nothing when tracing is off); before any route or handler
 * is set, whose request loggers the factory makes. The span opens with the request's logger,
 * whose bindings carry its ids as they carry the cid: Fastify writes its "incoming request" line
 * before any hook runs, and every line of the request names the trace.
 */
export async function traceRequests(app: FastifyInstance): Promise<void> {
  const on = await tracingOf();
  if (!on) {
    // No spans: the lines still name the caller's trace, so that one search by trace id finds
    // the gateway's request line and the platform's lines of its calls (ADR 0250).
    app.setChildLoggerFactory((logger, bindings, options, raw) => {
      const caller = parseTraceparent((raw as IncomingMessage).headers.traceparent);
      return logger.child(caller ? { ...bindings, traceId: caller.traceId } : bindings, options);
    });
    return;
  }
  app.setChildLoggerFactory((logger, bindings, options, raw) => {
    const { traceId, spanId } = openSpan(on, raw as IncomingMessage).spanContext();
    return logger.child({ ...bindings, traceId, spanId }, options);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const span = spans.get(request.raw);
    if (!span) return done();
    const route = request.routeOptions.url ?? 'unmatched';
    span.updateName(`${request.method} ${route}`);
    span.setAttribute('http.route', route);
    requestSpan.run(span, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request.raw);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  app.addHook('onClose', async () => {
    const failure = await flushAtClose(on);
    if (failure) app.log.warn({ failure }, 'spans not exported at close');
  });
}

function tracedQueryable(queryable: Queryable, on: Tracing): Queryable {
  return {
    query: async (sql, params) => {
      const parent = requestSpan.getStore();
      if (!parent) return queryable.query(sql, params);
      const span = on.tracer.startSpan(
        'db.query',
        {
          kind: SpanKind.CLIENT,
          // The statement without its parameters (which may be personal), cut short.
          attributes: { 'db.system.name': 'postgresql', 'db.query.text': sql.slice(0, 300) },
        },
        trace.setSpan(ROOT_CONTEXT, parent),
      );
      try {
        return await queryable.query(sql, params);
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    },
  };
}

/** `db` with a span per query inside a traced request (`db` itself when tracing is off). */
export async function tracedDb(db: Db): Promise<Db> {
  const on = await tracingOf();
  if (!on) return db;
  const traced = tracedQueryable(db, on);
  return {
    ...db,
    query: traced.query,
    transaction: (fn) => db.transaction((tx) => fn(tracedQueryable(tx, on))),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  };
}
