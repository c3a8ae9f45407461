import { ROOT_CONTEXT, trace, TraceFlags, type Context, type Tracer } from '@opentelemetry/api';
import { TraceState } from '@opentelemetry/core';
import { otlpProtocol } from './otlp-protocol';

// OpenTelemetry traces for the gateway and the platform (issue #28 item 1, docs/decisions/0250),
// server-side only. Configured by the standard variables, read by the SDK itself:
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT (off when neither is set, or
// with OTEL_SDK_DISABLED=true), OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER
// and OTEL_TRACES_SAMPLER_ARG (parent-based always-on by default), the OTLP/HTTP exporter's
// headers and timeout, and its encoding (OTEL_EXPORTER_OTLP_PROTOCOL: ./otlp-protocol.ts). The provider is not registered globally: @sentry/node keeps its
// OpenTelemetry setup off (server/error-reporting.ts), and nothing here depends on a global
// context manager; parents are passed explicitly.
type Env = Record<string, string | undefined>;

export type Tracing = { tracer: Tracer; shutdown(): Promise<void>; flush(): Promise<void> };

export function tracingEndpoint(env: Env = process.env): string | undefined {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return undefined;
  if ((env.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase() === 'none') return undefined;
  return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined;
}

/** Where spans go: the traces endpoint as given, else the generic one with `/v1/traces`. */
export function tracesUrl(env: Env = process.env): string | undefined {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

/**
 * A tracer exporting over OTLP/HTTP, or null when no endpoint is configured. The SDK is loaded
 * here, only then: a process that exports nothing never loads or evaluates it.
 */
export async function startTracing(
  serviceName: string,
  env: Env = process.env,
): Promise<Tracing | null> {
  if (!tracingEndpoint(env)) return null;
  const [
    { OTLPTraceExporter },
    { defaultResource, envDetector, detectResources, resourceFromAttributes },
    { BatchSpanProcessor, NodeTracerProvider },
    { ATTR_SERVICE_NAME },
  ] = await Promise.all([
    otlpProtocol(env) === 'http/protobuf'
      ? import('@opentelemetry/exporter-trace-otlp-proto')
      : import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  const detected = detectResources({ detectors: [envDetector] });
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }))
    .merge(detected);
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(env) }))],
  });
  return {
    tracer: provider.getTracer('storefront'),
    shutdown: () => provider.shutdown(),
    flush: () => provider.forceFlush(),
  };
}

/**
 * Sends the spans still held as a process closes: for `ms` at most, and never a rejection (a
 * collector down or not answering must not stop a shutdown: docs/decisions/0250). The reason the
 * spans were not sent, or null when they were.
 */
export async function flushAtClose(tracing: Tracing, ms = 1_000): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(resolve, ms, `no answer in ${ms} ms`);
  });
  try {
    return await Promise.race([tracing.flush().then(() => null, reasonOf), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The SDK's flush rejects with the exporters' errors, in an array. */
const reasonOf = (failure: unknown) =>
  [failure]
    .flat()
    .map(
      (error) => (error as { code?: string })?.code ?? String((error as Error)?.message ?? error),
    )
    .join(', ');

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export type IncomingTrace = { traceId: string; spanId: string; flags: number };

/** A valid W3C traceparent (version 00, non-zero ids), or null. */
export function parseTraceparent(header: unknown): IncomingTrace | null {
  const match = typeof header === 'string' ? TRACEPARENT.exec(header) : null;
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return null;
  return { traceId: match[1]!, spanId: match[2]!, flags: parseInt(match[3]!, 16) & 1 };
}

/** A tracestate passed on as received: a string of at most 512 characters (W3C's limit), else none. */
export function passedTracestate(header: unknown): string | undefined {
  return typeof header === 'string' && header.length > 0 && header.length <= 512
    ? header
    : undefined;
}

/** The context of a caller's trace (a remote parent), for a server span to continue. */
export function remoteParent(incoming: IncomingTrace | null, tracestate?: string): Context {
  if (!incoming) return ROOT_CONTEXT;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: incoming.traceId,
    spanId: incoming.spanId,
    traceFlags: incoming.flags ? TraceFlags.SAMPLED : TraceFlags.NONE,
    isRemote: true,
    traceState: tracestate ? new TraceState(tracestate) : undefined,
  });
}

/** The traceparent naming `spanId` as the parent, with the trace's sampled flag. */
export function traceparentOf(traceId: string, spanId: string, sampled: boolean): string {
  return `00-${traceId}-${spanId}-${sampled ? '01' : '00'}`;
}
