import type { Registry } from 'prom-client';

// A counter and a histogram for the gateway's hottest updates (every request, every platform
// call). An update finds its series one label value at a time, in a tree of maps (the values are
// strings the gateway already holds: nothing is joined, so nothing new is hashed), then adds to a
// few numbers; prom-client's own metrics validate and hash a label object on every call, a cost
// paid by every request and every platform call (docs/decisions/0171). Both are
// registered in prom-client's registry and give it the same output shape as its own (`get()`), so
// /metrics reads exactly as before: the series in the order they first appeared, labels in the order of
// `labelNames`, a histogram's buckets cumulative with `le` first, then `+Inf`, `_sum`, `_count`.
type Labels = Record<string, string>;
type Value = { labels: Labels; value: number; metricName?: string };
type Output = { name: string; help: string; type: string; values: Value[]; aggregator: 'sum' };

/** Series by their first label value, then the next, ...: a map of maps, the last holding series. */
type SeriesTree<S> = Map<string, SeriesTree<S> | S>;

abstract class BoundMetric<S extends { labels: Labels }> {
  readonly aggregator = 'sum';
  /** Every series, in the order they first appeared. */
  protected readonly series: S[] = [];
  private readonly index: SeriesTree<S> = new Map();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  protected seriesOf(values: readonly string[]): S {
    const last = values.length - 1;
    if (last !== this.labelNames.length - 1)
      throw new Error(`${this.name} takes ${this.labelNames.length} label values`);
    let level = this.index;
    for (let i = 0; i < last; i += 1) {
      let next = level.get(values[i]!) as SeriesTree<S> | undefined;
      if (!next) level.set(values[i]!, (next = new Map()));
      level = next;
    }
    let found = level.get(values[last]!) as S | undefined;
    if (!found) {
      const labels: Labels = {};
      this.labelNames.forEach((name, i) => (labels[name] = values[i]!));
      found = this.create(labels);
      level.set(values[last]!, found);
      this.series.push(found);
    }
    return found;
  }

  protected abstract create(labels: Labels): S;
  abstract readonly type: string;

  protected output(values: Value[]): Output {
    const { name, help, type, aggregator } = this;
    return { name, help, type, values, aggregator };
  }

  /** Forgets every series (prom-client's `registry.resetMetrics()`). */
  reset(): void {
    this.series.length = 0;
    this.index.clear();
  }
}

export class BoundCounter extends BoundMetric<{ labels: Labels; value: number }> {
  readonly type = 'counter';

  /** Adds one to the series of these label values (in `labelNames` order). */
  inc(...values: string[]): void {
    this.seriesOf(values).value += 1;
  }

  protected create(labels: Labels) {
    return { labels, value: 0 };
  }

  get(): Promise<Output> {
    const values = this.series.map(({ labels, value }) => ({ labels, value }));
    return Promise.resolve(this.output(values));
  }
}

type HistogramSeries = { labels: Labels; counts: number[]; sum: number; count: number };

export class BoundHistogram extends BoundMetric<HistogramSeries> {
  readonly type = 'histogram';

  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    super(name, help, labelNames, registry);
  }

  /** Observes `value` in the series of these label values (in `labelNames` order). */
  observe(value: number, ...values: string[]): void {
    const series = this.seriesOf(values);
    const { buckets } = this;
    let i = 0;
    while (i < buckets.length && value > buckets[i]!) i++;
    if (i < buckets.length) series.counts[i]! += 1;
    series.sum += value;
    series.count += 1;
  }

  protected create(labels: Labels): HistogramSeries {
    return { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
  }

  get(): Promise<Output> {
    const values: Value[] = [];
    const bucket = `${this.name}_bucket`;
    for (const { labels, counts, sum, count } of this.series) {
      let cumulative = 0;
      this.buckets.forEach((le, i) => {
        cumulative += counts[i]!;
        values.push({
          labels: { le: String(le), ...labels },
          value: cumulative,
          metricName: bucket,
        });
      });
      values.push({ labels: { le: '+Inf', ...labels }, value: count, metricName: bucket });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return Promise.resolve(this.output(values));
  }
}
