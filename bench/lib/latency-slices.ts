import { collectBetweenSlices, fmt, openLoop, quantile } from './load';
import { runQueueWaitMeter } from './process-cpu';
import type { ProxyModes } from './proxy-modes';

// The proxy bench's latency phase (../proxy-overhead.ts; ADR 0157, 0295, 0401): the same open
// loop runs against every mode in alternating slices, a different mode first in each, each slice
// after a lead-in at the same rate on the same instance, not counted. Before each lead-in the
// load generator's own heap is collected: a collection of its old generation in a slice held back
// the requests due meanwhile, which then went out at once (ADR 0401).
export type ModeLatency = {
  count: number;
  p50: number;
  p99: number;
  errors: number;
  non200: number;
  /** The load generator's worst late start in this mode's slices, ms. */
  late: number;
  /** Each slice's p99 (a slice the machine disturbed shows apart from the others). */
  sliceP99: number[];
  /** Each slice's run-queue wait of the proxy's main thread(s), in ms per second. */
  sliceWait: number[];
};

export type LatencySlices = {
  byMode: Record<string, ModeLatency>;
  /** Whether the load generator's heap could be collected before each lead-in (--expose-gc). */
  collected: boolean;
};

export async function latencySlices(
  modes: ProxyModes,
  options: { rate: number; seconds: number; slices: number; leadInSeconds: number },
): Promise<LatencySlices> {
  const { rate, slices, leadInSeconds } = options;
  const names = modes.names;
  const slice = options.seconds / slices;
  type Slices = Omit<ModeLatency, 'count' | 'p50' | 'p99'> & { latencies: Float64Array[] };
  const merged: Record<string, Slices> = {};
  let collected = false;
  console.log(
    `open loop at ${rate} req/s, ${options.seconds} s per mode in ${slices} alternating slices, each after ${leadInSeconds} s at that rate\n`,
  );
  for (let i = 0; i < slices; i += 1) {
    for (const name of [...names.slice(i % names.length), ...names.slice(0, i % names.length)]) {
      collected = collectBetweenSlices();
      const instance = modes.instanceOf(name, i);
      await openLoop(instance.target, { rate, seconds: leadInSeconds });
      const waited = runQueueWaitMeter(instance.pids);
      const r = await modes.measured(name, 'open', i, (target) =>
        openLoop(target, { rate, seconds: slice }),
      );
      const m = (merged[name] ??= {
        latencies: [],
        errors: 0,
        non200: 0,
        late: 0,
        sliceP99: [],
        sliceWait: [],
      });
      m.sliceWait.push(waited() / slice);
      m.latencies.push(r.latencies);
      m.errors += r.errors;
      m.non200 += r.requests - (r.statuses[200] ?? 0);
      m.late = Math.max(m.late, r.lateStartsMs);
      m.sliceP99.push(r.p99);
      console.log(
        `slice ${i + 1}  ${name.padEnd(20)} p50 ${fmt(r.p50, 3)} ms  p99 ${fmt(r.p99, 3)} ms  ${fmt(r.rps, 0)} rps done`,
      );
    }
  }
  const byMode: Record<string, ModeLatency> = {};
  for (const [name, { latencies, ...m }] of Object.entries(merged)) {
    const sorted = new Float64Array(latencies.reduce((n, part) => n + part.length, 0));
    let at = 0;
    for (const part of latencies) {
      sorted.set(part, at);
      at += part.length;
    }
    sorted.sort();
    byMode[name] = {
      ...m,
      count: sorted.length,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
    };
  }
  return { byMode, collected };
}
