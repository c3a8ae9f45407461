import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { BoundCounter, BoundHistogram } from './bound-metrics';

// The gateway's Prometheus metrics (issue #7 item 8), served on their own port (metrics-server.ts),
// never on the public one. One registry per process; label values are bounded: route ids of the
// route table, service names of the allow-list, status codes.
export const registry = new Registry();

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// The four updated on every request and platform call are bound metrics (./bound-metrics.ts):
// the same series and output, without prom-client's label hashing per update.
export const httpRequests = new BoundCounter(
  'gateway_http_requests_total',
  'Requests answered by the gateway, by route id, method and status',
  ['route', 'method', 'status'],
  registry,
);

export const httpDuration = new BoundHistogram(
  'gateway_http_request_duration_seconds',
  'Time to answer a request (until the response is finished), by route id',
  ['route', 'method'],
  LATENCY_BUCKETS,
  registry,
);

export const upstreamCalls = new BoundCounter(
  'gateway_upstream_requests_total',
  'Calls to the platform, by service and status (0: no answer: timeout or unreachable)',
  ['service', 'status'],
  registry,
);

export const upstreamDuration = new BoundHistogram(
  'gateway_upstream_request_duration_seconds',
  'Time to the response headers of a platform call, by service',
  ['service'],
  LATENCY_BUCKETS,
  registry,
);

export const tokenRefreshes = new Counter({
  name: 'gateway_token_refreshes_total',
  help: 'Token refreshes with uaa, by outcome (ok, invalid_grant, failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const breakerState = new Gauge({
  name: 'gateway_circuit_breaker_state',
  help: 'Circuit breaker of a proxied service: 0 closed, 1 open, 2 half-open, 3 isolated (cockatiel CircuitState)',
  labelNames: ['service'] as const,
  registers: [registry],
});

/** Caches increment this: `cacheLookups.inc({ cache: 'context', result: 'hit' | 'miss' })`. */
export const cacheLookups = new Counter({
  name: 'gateway_cache_lookups_total',
  help: 'Lookups of the gateway caches, by cache and result (hit, miss)',
  labelNames: ['cache', 'result'] as const,
  registers: [registry],
});

export const reportsSent = new Counter({
  name: 'gateway_error_reports_total',
  help: 'Error reports handed to the error-reporting service, by kind (exception, http, dropped)',
  labelNames: ['kind'] as const,
  registers: [registry],
});

let defaults = false;
/** Process metrics, including the event-loop lag (nodejs_eventloop_lag_*), once per process. */
export function collectProcessMetrics(): void {
  if (defaults) return;
  defaults = true;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
}

/** One answered request: counted, and its time observed, by route id and method. */
export function countRequest(route: string, method: string, status: number, seconds: number) {
  httpRequests.inc(route, method, String(status));
  httpDuration.observe(seconds, route, method);
}
