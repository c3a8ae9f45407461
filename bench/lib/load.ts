import { Pool } from 'undici';
import { processCpuMs } from './cpu';

// A tiny load generator on undici's Pool, for 127.0.0.1 only. Two shapes:
// - closed loop: a fixed number of requests in flight for N seconds (throughput, rps);
// - open loop: requests started on a timer at a fixed rate, whatever the answers do (latency at a
//   given load, as wrk2 does). Latency counts from the actual start; how late starts ran behind the
//   schedule (timer granularity is 1 ms, or a stalled loop) is reported beside it.
export type Target = {
  origin: string;
  path: string | (() => string);
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** When given, picks path and headers of each request (a mix), instead of path/headers. */
  next?: () => { path: string; headers?: Record<string, string> };
};

export type LoadResult = {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Status codes seen, with counts (a bench checks it measured the pages it meant to). */
  statuses: Record<number, number>;
  bytes: number;
  /** Every latency, sorted (to merge interleaved slices). */
  latencies: Float64Array;
  /** CPU milliseconds the server process (`cpuOf`) used per counted request, when asked. */
  cpuMsPerRequest?: number;
};

type Sample = { ms: number; status: number; bytes: number } | { error: true };

async function once(pool: Pool, target: Target): Promise<{ status: number; bytes: number }> {
  const { path, headers } = target.next?.() ?? {
    path: typeof target.path === 'function' ? target.path() : target.path,
    headers: target.headers,
  };
  const response = await pool.request({ method: target.method ?? 'GET', path, headers });
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Buffer).length;
  return { status: response.statusCode, bytes };
}

/** The q-quantile of sorted values. */
export function quantile(sorted: Float64Array, q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
}

function summarize(samples: Sample[], seconds: number): LoadResult {
  const ok = samples.filter((s): s is Exclude<Sample, { error: true }> => !('error' in s));
  const latencies = Float64Array.from(ok.map((s) => s.ms)).sort();
  const at = (q: number) => quantile(latencies, q);
  const statuses: Record<number, number> = {};
  for (const s of ok) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  return {
    requests: ok.length,
    errors: samples.length - ok.length,
    seconds,
    rps: ok.length / seconds,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: latencies.length ? latencies[latencies.length - 1]! : NaN,
    statuses,
    bytes: ok.reduce((sum, s) => sum + s.bytes, 0),
    latencies,
  };
}

/** Keeps `concurrency` requests in flight for `seconds` (after `warmupSeconds` not counted). */
export async function closedLoop(
  target: Target,
  options: { concurrency: number; seconds: number; warmupSeconds?: number; cpuOf?: number },
): Promise<LoadResult> {
  const pool = new Pool(target.origin, { connections: options.concurrency, pipelining: 1 });
  const samples: Sample[] = [];
  const warmupEnd = performance.now() + (options.warmupSeconds ?? 0) * 1000;
  const end = warmupEnd + options.seconds * 1000;
  const cpu = { start: null as number | null };
  const cpuTimer =
    options.cpuOf === undefined
      ? null
      : setTimeout(
          () => (cpu.start = processCpuMs(options.cpuOf!)),
          Math.max(0, warmupEnd - performance.now()),
        );
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      let sample: Sample;
      try {
        const { status, bytes } = await once(pool, target);
        sample = { ms: performance.now() - start, status, bytes };
      } catch {
        sample = { error: true };
      }
      if (start >= warmupEnd) samples.push(sample);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const measured = (performance.now() - warmupEnd) / 1000;
  const cpuEnd = options.cpuOf === undefined ? null : processCpuMs(options.cpuOf);
  if (cpuTimer) clearTimeout(cpuTimer);
  await pool.close();
  const result = summarize(samples, measured);
  if (cpu.start !== null && cpuEnd !== null && result.requests > 0) {
    result.cpuMsPerRequest = (cpuEnd - cpu.start) / result.requests;
  }
  return result;
}

/** Starts `rate` requests per second for `seconds`, on a 1 ms timer; waits for the stragglers. */
export async function openLoop(
  target: Target,
  options: { rate: number; seconds: number; connections?: number },
): Promise<LoadResult & { lateStartsMs: number }> {
  const pool = new Pool(target.origin, { connections: options.connections ?? 64, pipelining: 1 });
  const samples: Sample[] = [];
  const pending: Promise<void>[] = [];
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const t0 = performance.now();
  let sent = 0;
  let worstLate = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && t0 + sent * interval <= now) {
        worstLate = Math.max(worstLate, now - (t0 + sent * interval));
        sent += 1;
        const start = performance.now();
        pending.push(
          once(pool, target).then(
            ({ status, bytes }) =>
              void samples.push({ ms: performance.now() - start, status, bytes }),
            () => void samples.push({ error: true }),
          ),
        );
      }
      if (sent < total) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  await Promise.all(pending);
  await pool.close();
  return { ...summarize(samples, options.seconds), lateStartsMs: worstLate };
}

/** Seconds from an environment variable, or the fallback. */
export function secondsFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
