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
