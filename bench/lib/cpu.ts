import { readFileSync } from 'node:fs';

// CPU time (user + system) a process has used, from /proc/<pid>/stat, in milliseconds. On a
// shared machine a process gets a varying share of the cores, so requests per second swing with
// the load; CPU milliseconds per request are what the process itself spends, whatever its share.
const TICKS_PER_SECOND = 100; // USER_HZ on Linux (getconf CLK_TCK)

export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces), 1-based from field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null; // not Linux, or the process is gone
  }
}
