import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Span,
} from '@opentelemetry/api';
import {
  flushAtClose,
  remoteParent,
  startTracing,
  type IncomingTrace,
  type Tracing,
} from '../../shared/tracing';
import type { RequestScope } from './scope';

// The gateway's spans (issue #28 item 1, docs/decisions/0250): one server span per request (a
// page, a data request, a proxied call), a client span per platform call (./upstream-watch.ts),
// the render and the cache lookups (`withSpan`, `markSpan`). Off, every function here returns at
// its first test: no span, no allocation (the request's scope has no `span`).
let tracing: Tracing | null = null;
let starting: Promise<Tracing | null> | null = null;

/** Starts the exporter once per process when an OTLP endpoint is configured. */
export async function initTracing(
  env: Record<string, string | undefined> = process.env,
): Promise<boolean> {
  starting ??= startTracing('storefront-gateway', env);
  tracing = await starting;
  return tracing !== null;
}

/** Sends what the exporter still holds (tests, the bench). */
export async function flushTracing(): Promise<void> {
  await tracing?.flush();
}

/** The same as the gateway closes: bounded, never a rejection; why it could not, or null. */
export async function flushTracingAtClose(): Promise<string | null> {
  return tracing ? flushAtClose(tracing) : null;
}

export const tracingOn = () => tracing !== null;

/**
 * Opens the request's server span (continuing `incoming`, the caller's trace, with its sampled
 * flag and tracestate) and sets the scope's trace and span ids from it.
 */
export function openRequestSpan(
  scope: RequestScope,
  method: string,
  incoming: IncomingTrace | null,
  startTime?: number,
): void {
  if (!tracing) return;
  const span = tracing.tracer.startSpan(
    `${method} ${scope.routeId}`,
    {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': method, 'http.route': scope.routeId },
      startTime,
    },
    remoteParent(incoming, scope.traceState),
  );
  const context = span.spanContext();
  scope.span = span;
  scope.traceId = context.traceId;
  scope.spanId = context.spanId;
  scope.sampled = (context.traceFlags & TraceFlags.SAMPLED) !== 0;
}

/** Ends the request's span with its status and tenant. */
export function closeRequestSpan(scope: RequestScope, status: number): void {
  const span = scope.span;
  if (!span) return;
  scope.span = undefined;
  span.setAttribute('http.response.status_code', status);
  if (scope.tenant) span.setAttribute('storefront.tenant', scope.tenant);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** A child span of the request's span (undefined when tracing is off or there is no request). */
export function childSpan(
  scope: RequestScope | undefined,
  name: string,
  kind: SpanKind,
  attributes: Attributes,
): Span | undefined {
  if (!tracing || !scope?.span) return undefined;
  return tracing.tracer.startSpan(
    name,
    { kind, attributes },
    trace.setSpan(ROOT_CONTEXT, scope.span),
  );
}

/** `fn` inside a span of its own, a child of the request's (just `fn()` when tracing is off). */
export async function withSpan<T>(
  scope: RequestScope | undefined,
  name: string,
  attributes: Attributes,
  fn: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  const span = childSpan(scope, name, SpanKind.INTERNAL, attributes);
  if (!span) return fn(undefined);
  try {
    return await fn(span);
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
    throw error;
  } finally {
    span.end();
  }
}

/** A span for something done at once (a synchronous cache lookup), started and ended here. */
export function markSpan(scope: RequestScope | undefined, name: string, attributes: Attributes) {
  childSpan(scope, name, SpanKind.INTERNAL, attributes)?.end();
}
