import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
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
const spans = new WeakMap<FastifyRequest, Span>();

/** Server spans for `app`'s requests (nothing when tracing is off). */
export async function traceRequests(app: FastifyInstance): Promise<void> {
  const on = await tracingOf();
  if (!on) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const { headers } = request;
    const route = request.routeOptions.url ?? 'unmatched';
    const span = on.tracer.startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': route },
      },
      remoteParent(parseTraceparent(headers.traceparent), passedTracestate(headers.tracestate)),
    );
    spans.set(request, span);
    requestSpan.run(span, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  app.addHook('onClose', async () => on.flush());
}

/** The trace and span ids of the request being served (for log lines), or none. */
export function currentTraceIds(): { traceId?: string; spanId?: string } {
  const context = requestSpan.getStore()?.spanContext();
  return context ? { traceId: context.traceId, spanId: context.spanId } : {};
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
