// How often this machine stops a process that has nothing to wait for: a busy loop of
// setImmediate turns in a child process of its own, with nothing else of the bench running,
// counting the gaps between turns. A gap is time the process did not get the CPU (the
// hypervisor or the scheduler took it), which every request in flight at that moment waits
// too, so a latency percentile below the stalls' size cannot be measured on this machine.
import { execFileSync } from 'node:child_process';

const PROBE = `
const gaps = []; let last = performance.now(); const end = last + Number(process.argv[1]);
for (;;) { await new Promise((r) => setImmediate(r)); const now = performance.now();
  if (now - last > 0.5) gaps.push(now - last); last = now; if (now > end) break; }
console.log(JSON.stringify(gaps));`;

export type Stalls = { seconds: number; over1ms: number; over5ms: number; longestMs: number };

export function machineStalls(seconds = 5): Stalls {
  const out = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', PROBE, String(seconds * 1000)],
    { encoding: 'utf8' },
  );
  const gaps = JSON.parse(out) as number[];
  return {
    seconds,
    over1ms: gaps.filter((gap) => gap > 1).length,
    over5ms: gaps.filter((gap) => gap > 5).length,
    longestMs: Math.max(0, ...gaps),
  };
}
