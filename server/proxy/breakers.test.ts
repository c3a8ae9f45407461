import { isBrokenCircuitError } from 'cockatiel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBreakers } from './breakers';

// The circuit's open window backs off (docs/decisions/0142): the first trial after about 1 s,
// each failed trial doubling the wait up to 5 s, a success closing the circuit. A fake clock: no
// real waiting, no timing in the assertions.
const OPTIONS = { failures: 5, halfOpenAfterMs: 1_000, maxHalfOpenAfterMs: 5_000 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** What one call through the breaker came to: the upstream was asked, or it failed fast. */
async function call(breaker: ReturnType<ReturnType<typeof createBreakers>['for']>, status: number) {
  let asked = false;
  try {
    await breaker.execute(async () => {
      asked = true;
      if (status === 0) throw new Error('ECONNREFUSED');
      return status;
    });
  } catch (error) {
    if (!asked && isBrokenCircuitError(error)) return 'fast-fail';
  }
  return asked ? 'asked' : 'fast-fail';
}

describe('circuit breaker back-off', () => {
  it('by default, a service that is back is asked again within 5 s of opening', async () => {
    const breaker = createBreakers().for('catalogue');
    for (let i = 0; i < 5; i++) await call(breaker, 0);
    expect(await call(breaker, 200)).toBe('fast-fail');
    vi.advanceTimersByTime(5_000);
    expect(await call(breaker, 200)).toBe('asked');
  });

  it('opens after 5 failures; tries again after 1 s, then waits longer after each failed trial', async () => {
    const breaker = createBreakers(OPTIONS).for('catalogue');
    for (let i = 0; i < 5; i++) expect(await call(breaker, 0)).toBe('asked');
    expect(await call(breaker, 200)).toBe('fast-fail');

    vi.advanceTimersByTime(1_000);
    expect(await call(breaker, 0)).toBe('asked'); // the trial fails: open again, a longer wait
    vi.advanceTimersByTime(900);
    expect(await call(breaker, 200)).toBe('fast-fail');
    vi.advanceTimersByTime(1_100);
    expect(await call(breaker, 0)).toBe('asked'); // fails again: at least 2 s now
    vi.advanceTimersByTime(1_900);
    expect(await call(breaker, 200)).toBe('fast-fail');

    // However many trials failed, the wait never passes 5 s.
    for (let i = 0; i < 6; i++) {
      vi.advanceTimersByTime(5_000);
      expect(await call(breaker, 503)).toBe('asked');
    }
    vi.advanceTimersByTime(5_000);
    expect(await call(breaker, 200)).toBe('asked'); // the service is back: closed
    expect(await call(breaker, 200)).toBe('asked');
  });

  it('after a success the next outage starts again from the short wait', async () => {
    const breaker = createBreakers(OPTIONS).for('orders');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5; i++) await call(breaker, 503);
      expect(await call(breaker, 200)).toBe('fast-fail');
      vi.advanceTimersByTime(1_000);
      expect(await call(breaker, 200)).toBe('asked');
    }
  });

  it('a success counted without execute() starts the consecutive failures over', async () => {
    const breakers = createBreakers(OPTIONS);
    const breaker = breakers.for('lists');
    for (let i = 0; i < 4; i++) await call(breaker, 500);
    breakers.succeeded('lists');
    for (let i = 0; i < 4; i++) expect(await call(breaker, 500)).toBe('asked');
    expect(await call(breaker, 500)).toBe('asked'); // the fifth in a row opens it
    expect(await call(breaker, 200)).toBe('fast-fail');
    breakers.succeeded('unknown'); // a service without a breaker yet: nothing to count
  });
});
