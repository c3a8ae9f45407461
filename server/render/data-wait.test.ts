import type { EventLoopUtilization } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { createDataWait, type LoopClock } from './data-wait';

/** A loop whose utilization over every stretch the test sets. */
function fakeLoop(): LoopClock & { next: { ms: number; utilization: number } } {
  const loop = {
    next: { ms: 0, utilization: 0 },
    utilization(since?: EventLoopUtilization): EventLoopUtilization {
      if (!since) return { idle: 0, active: 0, utilization: 0 };
      const { ms, utilization } = loop.next;
      return { idle: ms * (1 - utilization), active: ms * utilization, utilization };
    },
  };
  return loop;
}

describe('data wait (ADR 0294)', () => {
  it('says nothing until it has seen a whole window of pages', () => {
    const wait = createDataWait({ window: 3, loop: fakeLoop() });
    wait.record(60);
    wait.record(60);
    expect(wait.alwaysLongerThan(15)).toBe(false);
    wait.record(60);
    expect(wait.alwaysLongerThan(15)).toBe(true);
    expect(wait.alwaysLongerThan(60)).toBe(false);
  });

  it('is brought back by one fast page, and forgets it once the window has passed it', () => {
    const wait = createDataWait({ window: 3, loop: fakeLoop() });
    for (const ms of [60, 60, 60, 4]) wait.record(ms);
    expect(wait.alwaysLongerThan(15)).toBe(false);
    wait.record(55);
    wait.record(58);
    expect(wait.alwaysLongerThan(15)).toBe(false);
    wait.record(52);
    expect(wait.alwaysLongerThan(15)).toBe(true);
  });

  it('keeps the wait while the gateway itself was busy, judged over stretches of 100 ms', () => {
    const loop = fakeLoop();
    const wait = createDataWait({ window: 3, loop });
    loop.next = { ms: 150, utilization: 0.95 };
    for (let i = 0; i < 3; i += 1) wait.record(60);
    expect(wait.alwaysLongerThan(15)).toBe(false);
    // A stretch too short to judge leaves the last judgement as it was.
    loop.next = { ms: 40, utilization: 0.1 };
    wait.record(60);
    expect(wait.alwaysLongerThan(15)).toBe(false);
    loop.next = { ms: 120, utilization: 0.3 };
    wait.record(60);
    expect(wait.alwaysLongerThan(15)).toBe(true);
  });
});
