import { describe, expect, it } from 'vitest';
import { createDataWait } from './data-wait';

describe('data wait (ADR 0294)', () => {
  it('says nothing until it has seen a whole window of pages', () => {
    const wait = createDataWait(3);
    wait.record(60);
    wait.record(60);
    expect(wait.alwaysLongerThan(15)).toBe(false);
    wait.record(60);
    expect(wait.alwaysLongerThan(15)).toBe(true);
    expect(wait.alwaysLongerThan(60)).toBe(false);
  });

  it('is brought back by one fast page, and forgets it once the window has passed it', () => {
    const wait = createDataWait(3);
    for (const ms of [60, 60, 60, 4]) wait.record(ms);
    expect(wait.alwaysLongerThan(15)).toBe(false);
    wait.record(55);
    wait.record(58);
    expect(wait.alwaysLongerThan(15)).toBe(false);
    wait.record(52);
    expect(wait.alwaysLongerThan(15)).toBe(true);
  });
});
