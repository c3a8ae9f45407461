import { readFileSync } from 'node:fs';
import { processCpuMs } from './cpu';

// CPU a group of processes uses while a measurement runs (the proxy bench: the gateway, the bare
// proxy, nginx's master and worker); see ./cpu.ts for why CPU per request beside rps.

/** The process and its direct children (nginx: the master and its worker). */
export function processTree(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return [pid, ...children];
  } catch {
    return [pid];
  }
}

/** CPU seconds of `pids` now; the returned function gives the seconds used since. */
export function cpuMeter(pids: readonly number[]): () => number {
  const total = () => pids.reduce((sum, pid) => sum + (processCpuMs(pid) ?? NaN), 0) / 1000;
  const start = total();
  return () => total() - start;
}

/** Nanoseconds the main thread of `pid` has waited in the run queue (runnable, no core), or NaN. */
function runQueueWaitNs(pid: number): number {
  try {
    // schedstat: time on a core, time waiting for one, timeslices (ns, ns, count).
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]);
  } catch {
    return NaN; // not Linux, no schedstats, or the process is gone
  }
}

/**
 * Milliseconds the main threads of `pids` wait for a core from now on (the returned function
 * gives the total since): a latency tail on a shared machine is mostly this, not work.
 */
export function runQueueWaitMeter(pids: readonly number[]): () => number {
  const total = () => pids.reduce((sum, pid) => sum + runQueueWaitNs(pid), 0) / 1e6;
  const start = total();
  return () => total() - start;
}
