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

/**
 * What a loop records: every latency in one typed array, counts beside it. Nothing is kept per
 * request, so the load generator's own heap hardly grows while it measures: a sample object and a
 * promise held per request had it collecting its old generation in the middle of slices (pauses
 * of 5-30 ms, bench/results.md, 2026-12-06), and the requests its stall held back then went out
 * at once, a burst that set the measured proxy's tail (ADR 0401).
 */
export class Recorder {
  private ms: Float64Array;
  private count = 0;
  private errors = 0;
  private bytes = 0;
  private readonly statuses: Record<number, number> = {};

  constructor(expected: number) {
    this.ms = new Float64Array(Math.max(16, expected));
  }

  answered(ms: number, status: number, bytes: number): void {
    if (this.count === this.ms.length) {
      const grown = new Float64Array(this.ms.length * 2);
      grown.set(this.ms);
      this.ms = grown;
    }
    this.ms[this.count++] = ms;
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    this.bytes += bytes;
  }

  failed(): void {
    this.errors += 1;
  }

  result(seconds: number): LoadResult {
    const latencies = this.ms.slice(0, this.count).sort();
    const at = (q: number) => quantile(latencies, q);
    return {
      requests: this.count,
      errors: this.errors,
      seconds,
      rps: this.count / seconds,
      p50: at(0.5),
      p90: at(0.9),
      p99: at(0.99),
      max: this.count ? latencies[this.count - 1]! : NaN,
      statuses: this.statuses,
      bytes: this.bytes,
      latencies,
    };
  }
}

/** Keeps `concurrency` requests in flight for `seconds` (after `warmupSeconds` not counted). */
export async function closedLoop(
  target: Target,
  options: { concurrency: number; seconds: number; warmupSeconds?: number; cpuOf?: number },
): Promise<LoadResult> {
  const pool = new Pool(target.origin, { connections: options.concurrency, pipelining: 1 });
  const recorder = new Recorder(options.seconds * 4000);
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
      const counted = start >= warmupEnd;
      try {
        const { status, bytes } = await once(pool, target);
        if (counted) recorder.answered(performance.now() - start, status, bytes);
      } catch {
        if (counted) recorder.failed();
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const measured = (performance.now() - warmupEnd) / 1000;
  const cpuEnd = options.cpuOf === undefined ? null : processCpuMs(options.cpuOf);
  if (cpuTimer) clearTimeout(cpuTimer);
  await pool.close();
  const result = recorder.result(measured);
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
  const total = Math.round(options.rate * options.seconds);
  const recorder = new Recorder(total);
  const interval = 1000 / options.rate;
  const t0 = performance.now();
  let sent = 0;
  let inFlight = 0;
  let worstLate = 0;
  let drained = () => {};
  const allAnswered = new Promise<void>((resolve) => (drained = resolve));
  const settled = () => {
    inFlight -= 1;
    if (inFlight === 0 && sent === total) drained();
  };
  const start = (at: number) => {
    inFlight += 1;
    once(pool, target).then(
      ({ status, bytes }) => {
        recorder.answered(performance.now() - at, status, bytes);
        settled();
      },
      () => {
        recorder.failed();
        settled();
      },
    );
  };
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && t0 + sent * interval <= now) {
        worstLate = Math.max(worstLate, now - (t0 + sent * interval));
        sent += 1;
        start(performance.now());
      }
      if (sent < total) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  if (inFlight > 0) await allAnswered;
  await pool.close();
  return { ...recorder.result(options.seconds), lateStartsMs: worstLate };
}

/**
 * A full collection of this process's heap, where node exposes one (bench/run.mjs starts every
 * bench with --expose-gc): a bench calls it between measured slices, so the load generator's old
 * generation is collected there and not in the middle of a slice (ADR 0401). False without it.
 */
export function collectBetweenSlices(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  return gc !== undefined;
}

/** Seconds from an environment variable, or the fallback. */
export function secondsFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
