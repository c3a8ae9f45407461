import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer, type MetricsServer } from '../../server/observability/metrics-server';
import { alertRules } from '../support/deployed-observability';
import { sleep } from '../support/traffic';

// An HA pair of Prometheus servers (or one Prometheus and anyone curling /metrics) scrapes the
// same gateway. The event loop is blocked between two of one scraper's scrapes, and the other
// scraper reads /metrics in between: GatewaySaturated's event-loop half, evaluated by promtool on
// each scraper's own samples, must see the lag for both (docs/decisions/0336). prom-client's
// nodejs_eventloop_lag_p99_seconds was the p99 since the last scrape by anyone: the scraper that
// came second read the few milliseconds since the other's scrape, and lost the lag.
const promtool = spawnSync('promtool', ['--version']).status === 0;
if (!promtool)
  console.warn('observability-eventloop-scrapers: promtool not found (apt-get install prometheus)');

let metrics: MetricsServer;
beforeAll(async () => {
  metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
});
afterAll(() => metrics?.close());

const scrape = async () => (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();

/** Holds the event loop for `ms`, as a CPU-bound request would. */
function block(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** The event-loop samples of a scrape, as `name{labels}` → value, labelled as one target. */
function eventLoopSamples(text: string, instance: string): Map<string, string> {
  const samples = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^(\w*eventloop\w*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = [match[2], 'job="gateway"', `instance="${instance}"`].filter(Boolean).join(',');
    samples.set(`${match[1]}{${labels}}`, match[3]!);
  }
  return samples;
}

/**
 * One scraper's view: its first scrape held for a minute (15 s apart, as Prometheus's default
 * interval), then its second, so a rate over [1m] spans exactly its two scrapes.
 */
function inputSeries(first: string, second: string, instance: string) {
  const before = eventLoopSamples(first, instance);
  const after = eventLoopSamples(second, instance);
  return [...after].map(([series, value]) => ({
    series,
    values: `${Array(4)
      .fill(before.get(series) ?? value)
      .join(' ')} ${value}`,
  }));
}

describe.skipIf(!promtool)('the saturation alert under two scrapers', () => {
  it("sees a blocked event loop in each scraper's samples, whoever scraped in between", async () => {
    const saturated = alertRules().find((rule) => rule.alert === 'GatewaySaturated')!.expr;
    await sleep(500);
    const a0 = await scrape();
    await sleep(500);
    const b0 = await scrape();
    await sleep(500);
    // Three stalls of 300 ms: at most ~100 samples in either window, so over 1 % lag > 0.2 s.
    for (let i = 0; i < 3; i++) {
      block(300);
      await sleep(50);
    }
    const b1 = await scrape(); // the other scraper (or a curl) comes first
    await sleep(100);
    const a1 = await scrape();

    const dir = mkdtempSync(join(tmpdir(), 'storefront-eventloop-'));
    const file = join(dir, 'scrapers.test.yml');
    writeFileSync(
      file,
      stringify({
        evaluation_interval: '15s',
        tests: [
          {
            interval: '15s',
            input_series: [...inputSeries(a0, a1, 'a'), ...inputSeries(b0, b1, 'b')],
            promql_expr_test: [
              {
                // The alert's whole expression: no heap series here, so its event-loop half.
                expr: `count by (instance) (${saturated})`,
                eval_time: '1m',
                exp_samples: [
                  { labels: '{instance="a"}', value: 1 },
                  { labels: '{instance="b"}', value: 1 },
                ],
              },
            ],
          },
        ],
      }),
    );
    const test = spawnSync('promtool', ['test', 'rules', file], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect(test.stdout + test.stderr).toContain('SUCCESS');
    expect(test.status).toBe(0);
  });
});
