import fc from 'fast-check';
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { BoundCounter, BoundHistogram } from './bound-metrics';

// The bound metrics stand in for prom-client's Counter and Histogram on the hot paths: the same
// updates must give the same /metrics text, line for line.
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const OBSERVED = [0, 0.004, 0.005, 0.0051, 0.3, 0.3, 2, 9.99, 10, 12, 400];

describe('bound metrics', () => {
  it("read exactly as prom-client's own after the same updates", async () => {
    const theirs = new Registry();
    const ours = new Registry();
    const counter = new Counter({
      name: 'x_requests_total',
      help: 'Requests',
      labelNames: ['route', 'method', 'status'],
      registers: [theirs],
    });
    const histogram = new Histogram({
      name: 'x_duration_seconds',
      help: 'Time',
      labelNames: ['route', 'method'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    const boundCounter = new BoundCounter(
      'x_requests_total',
      'Requests',
      ['route', 'method', 'status'],
      ours,
    );
    const boundHistogram = new BoundHistogram(
      'x_duration_seconds',
      'Time',
      ['route', 'method'],
      BUCKETS,
      ours,
    );
    expect(await ours.metrics()).toBe(await theirs.metrics()); // nothing yet

    OBSERVED.forEach((seconds, i) => {
      const route = i % 3 === 0 ? 'home' : 'proxy';
      const method = i % 4 === 0 ? 'HEAD' : 'GET';
      const status = String(i % 2 === 0 ? 200 : 404);
      counter.inc({ route, method, status });
      histogram.observe({ route, method }, seconds);
      boundCounter.inc(route, method, status);
      boundHistogram.observe(seconds, route, method);
    });
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('x_requests_total{route="proxy",method="GET",status="404"} 3');
    expect(text).toContain('x_duration_seconds_bucket{le="+Inf",route="proxy",method="GET"} 5');

    ours.resetMetrics();
    theirs.resetMetrics();
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it("read as prom-client's after any updates, values that share their characters kept apart", async () => {
    // Label values a join would confuse: 'a\u0000b' + 'c' and 'a' + 'b\u0000c'.
    const value = fc.constantFrom('a', 'b', 'a\u0000b', 'b\u0000c', 'c', '');
    const update = fc.tuple(value, value, fc.double({ min: 0, max: 20, noNaN: true }));
    await fc.assert(
      fc.asyncProperty(fc.array(update, { maxLength: 40 }), async (updates) => {
        const theirs = new Registry();
        const ours = new Registry();
        const labelNames = ['service', 'route'];
        const counter = new Counter({
          name: 'z_total',
          help: 'Z',
          labelNames,
          registers: [theirs],
        });
        const histogram = new Histogram({
          name: 'z_seconds',
          help: 'Z',
          labelNames,
          buckets: BUCKETS,
          registers: [theirs],
        });
        const boundCounter = new BoundCounter('z_total', 'Z', labelNames, ours);
        const boundHistogram = new BoundHistogram('z_seconds', 'Z', labelNames, BUCKETS, ours);
        for (const [service, route, seconds] of updates) {
          counter.inc({ service, route });
          histogram.observe({ service, route }, seconds);
          boundCounter.inc(service, route);
          boundHistogram.observe(seconds, service, route);
        }
        expect(await ours.metrics()).toBe(await theirs.metrics());
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a wrong number of label values', () => {
    const counter = new BoundCounter('y_total', 'Y', ['service', 'status'], new Registry());
    expect(() => counter.inc('catalogue')).toThrow(/takes 2 label values/);
  });
});
