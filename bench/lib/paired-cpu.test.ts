import { describe, expect, it } from 'vitest';
import { PairedCpu } from './paired-cpu';

describe('CPU per request in paired slices', () => {
  it("is a build's CPU over its requests, all slices together (not a mean of slices)", () => {
    const cpu = new PairedCpu();
    cpu.add('now', 0, 1, 10_000);
    cpu.add('now', 1, 2, 10_000);
    cpu.add('now', 1, 0.5, 30_000);
    expect(cpu.perRequest('now')).toBeCloseTo((1e6 * 3.5) / 50_000, 9);
    expect(cpu.perRequest('unknown')).toBeNaN();
  });

  it('finds a 5 % difference under a machine whose speed moves by ±30 % between rotations', () => {
    const cpu = new PairedCpu();
    for (let r = 0; r < 24; r += 1) {
      const machine = 1 + 0.3 * Math.sin(r * 1.7); // each rotation its own speed, both builds alike
      const jitter = 1 + 0.02 * Math.cos(r * 2.3); // and a little of each slice's own
      cpu.add('before', r, 0.8 * machine, 10_000);
      cpu.add('now', r, 0.8 * 1.05 * machine * jitter, 10_000);
    }
    const { ratio, low, high, rotations } = cpu.compare('now', 'before');
    expect(rotations).toBe(24);
    expect(ratio).toBeGreaterThan(1.04);
    expect(ratio).toBeLessThan(1.06);
    expect(low).toBeLessThanOrEqual(ratio);
    expect(high).toBeGreaterThanOrEqual(ratio);
    expect(high - low).toBeLessThan(0.03);
  });

  it('gives a wide interval when the slices disagree, and 1 for the same build', () => {
    const cpu = new PairedCpu();
    for (let r = 0; r < 20; r += 1) {
      cpu.add('a', r, r % 2 ? 1.3 : 0.8, 10_000);
      cpu.add('b', r, 1, 10_000);
      cpu.add('b again', r, 1, 10_000);
    }
    const noisy = cpu.compare('a', 'b');
    expect(noisy.high - noisy.low).toBeGreaterThan(0.1);
    expect(cpu.compare('b', 'b again')).toEqual({ ratio: 1, low: 1, high: 1, rotations: 20 });
  });

  it('compares only the rotations both builds have, and says the same twice', () => {
    const cpu = new PairedCpu();
    for (let r = 0; r < 10; r += 1) cpu.add('a', r, 1 + r / 10, 10_000);
    for (let r = 5; r < 15; r += 1) cpu.add('b', r, 1, 10_000);
    const first = cpu.compare('a', 'b');
    expect(first.rotations).toBe(5);
    expect(first.ratio).toBeCloseTo((5 + 0.5 + 0.6 + 0.7 + 0.8 + 0.9) / 5, 9);
    expect(cpu.compare('a', 'b')).toEqual(first);
  });
});
