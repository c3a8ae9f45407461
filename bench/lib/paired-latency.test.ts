import { describe, expect, it } from 'vitest';
import { pairedDifference } from './paired-latency';

/** A seeded generator (mulberry32), so the resampling is the same every run. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('paired last-byte differences', () => {
  it('finds a 1 ms gain under a machine whose pace drifts by 8 ms between pairs', () => {
    const before: number[] = [];
    const after: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const machine = 58 + 4 * Math.sin(i * 1.3) + 4 * Math.cos(i * 0.7); // both builds alike
      const jitter = 0.3 * Math.sin(i * 2.9); // and a little of each page's own
      before.push(machine + 1);
      after.push(machine + jitter);
    }
    const d = pairedDifference(after, before, { random: seeded(7) });
    expect(d.pairs).toBe(40);
    expect(d.median).toBeGreaterThan(-1.2);
    expect(d.median).toBeLessThan(-0.8);
    expect(d.low).toBeLessThanOrEqual(d.median);
    expect(d.high).toBeGreaterThanOrEqual(d.median);
    expect(d.high).toBeLessThan(0); // the gain is told apart from nothing
  });

  it('gives an interval around zero when the builds are the same, and uses whole pairs only', () => {
    const times = [60, 62, 59, 65, 61, 63, 60, 64];
    const d = pairedDifference(times, [...times, 99], { random: seeded(1) });
    expect(d).toEqual({ median: 0, low: 0, high: 0, pairs: 8 });
    expect(pairedDifference([], []).pairs).toBe(0);
  });
});
