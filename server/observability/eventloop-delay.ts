import { performance } from 'node:perf_hooks';
import { Histogram, type Registry } from 'prom-client';

// The event loop's delay as a histogram (docs/decisions/0336): every RESOLUTION_MS a timer notes
// how late it ran and observes it. The buckets only grow, so any number of scrapers (an HA pair
// of Prometheus servers, a curl) read the same counts, and PromQL takes the p99 over a window of
// its choosing (histogram_quantile over rate). prom-client's nodejs_eventloop_lag_p99_seconds is
// the p99 since the last scrape by anyone, reset by each: a second reader took the lag away.
// The timer is the work: 50 callbacks a second whatever the traffic, none on a request's path.
const RESOLUTION_MS = 20;

// 0.2 s is the saturation alert's threshold (deploy/prometheus/alerts.yml): a bound there makes
// "p99 > 0.2 s" exactly "over 1 % of the samples later than 0.2 s", with no interpolation.
const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10];

/** Starts observing the event loop's delay into `registry`; the timer never keeps the process up. */
export function observeEventLoopDelay(registry: Registry): void {
  const delay = new Histogram({
    name: 'gateway_eventloop_delay_seconds',
    help: `How late a timer due every ${RESOLUTION_MS} ms ran: the event loop's delay (histogram_quantile over rate for its percentiles)`,
    buckets: BUCKETS,
    registers: [registry],
  });
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    // Node schedules the next run from this one's start, so a late run delays no later sample.
    delay.observe(Math.max(0, now - last - RESOLUTION_MS) / 1000);
    last = now;
  }, RESOLUTION_MS).unref();
}
