import { getHeapStatistics } from 'node:v8';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { BoundCounter, BoundHistogram } from './bound-metrics';
import { observeEventLoopDelay } from './eventloop-delay';

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
  'Time to the response headers of a platform call, by service and route template (a path of the upstream contract, any other path: other)',
  ['service', 'route'],
  LATENCY_BUCKETS,
  registry,
);

export const tokenRefreshes = new Counter({
  name: 'gateway_token_refreshes_total',
  help: 'Token refreshes with uaa, by outcome (refreshed, invalid_grant, refused: another 4xx, failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const renewalsRefused = new Counter({
  name: 'gateway_renewals_refused_total',
  help: 'Token renewals answered as refused without asking uaa (ADR 0357), by reason: refused_before (uaa refused that token earlier, within 10 minutes), address_budget (the address spent its failed renewals)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

/** One series per service and state, 1 for the state the breaker is in (./breaker-watch.ts). */
export const breakerState = new Gauge({
  name: 'gateway_circuit_breaker_state',
  help: 'Circuit breaker of a proxied service: 1 for its current state (closed, open, half_open, isolated), 0 for the others',
  labelNames: ['service', 'state'] as const,
  registers: [registry],
});

/** Counted by ./cache-lookups.ts: `subrequest`, `page`, `template`. */
export const cacheLookups = new Counter({
  name: 'gateway_cache_lookups_total',
  help: 'Lookups of the gateway caches, by cache (subrequest, page, template) and result (hit, stale, miss)',
  labelNames: ['cache', 'result'] as const,
  registers: [registry],
});

export const reportsSent = new Counter({
  name: 'gateway_error_reports_total',
  help: 'Error reports handed to the error-reporting service, by kind (exception, test: /sentry-test, http, dropped)',
  labelNames: ['kind'] as const,
  registers: [registry],
});

let redisGauge: Gauge | undefined;
/**
 * Whether the connection to Redis (REDIS_URL) is ready: 1, or 0 while the gateway carries on alone
 * (../replicas/redis.ts). Registered at the first call: a gateway without Redis has no series, so
 * the alert on 0 (deploy/prometheus/alerts.yml) never fires for it (ADR 0378).
 */
export function redisConnected(ready: boolean): void {
  redisGauge ??= new Gauge({
    name: 'gateway_redis_connected',
    help: '1 while the gateway reaches Redis (REDIS_URL); 0 while it does not: its rate limits are not enforced, its renewals and cache purges are its own',
    registers: [registry],
  });
  redisGauge.set(ready ? 1 : 0);
}

// prom-client's default metrics name three gauges with a counter's `_total` suffix, which
// `promtool check metrics` refuses: they are left out. Their per-type gauges (nodejs_active_handles,
// nodejs_active_requests, nodejs_active_resources, each by `type`) stay; the totals are their sum().
const MISNAMED = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

let defaults = false;
/** Process metrics, including the event-loop delay, once per process. */
export function collectProcessMetrics(): void {
  if (defaults) return;
  defaults = true;
  // prom-client's nodejs_eventloop_lag_* stay for dashboards of their own, but they hold the time
  // since the last scrape by anyone (each resets them): the alert and our dashboard read
  // gateway_eventloop_delay_seconds, a histogram no scrape resets (./eventloop-delay.ts).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  for (const name of MISNAMED) registry.removeSingleMetric(name);
  observeEventLoopDelay(registry);
  // What the heap may grow to (--max-old-space-size and the young generation). V8 grows the
  // heap's total as it needs, so used / total is near 1 on an idle gateway; the saturation alert
  // reads used / limit (deploy/prometheus/alerts.yml).
  new Gauge({
    name: 'gateway_heap_size_limit_bytes',
    help: "The JavaScript heap's size limit in bytes (V8's heap_size_limit)",
    registers: [registry],
  }).set(getHeapStatistics().heap_size_limit);
}

/** One answered request: counted, and its time observed, by route id and method. */
export function countRequest(route: string, method: string, status: number, seconds: number) {
  httpRequests.inc(route, method, String(status));
  httpDuration.observe(seconds, route, method);
}
