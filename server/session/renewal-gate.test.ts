import { describe, expect, it } from 'vitest';
import { renewalGate } from './renewal-gate';

// The budgeted renewals of one address on their way to uaa at once (ADR 0364).
type Answer = { refused: boolean };

/** A budget of `max` refusals and a uaa whose answers the test gives one at a time. */
function setting(max: number) {
  let refused = 0;
  const waiting: ((answer: Answer) => void)[] = [];
  const gate = renewalGate(async () => max - refused);
  const renew = () =>
    gate('198.51.100.7', async () => {
      const answer = await new Promise<Answer>((resolve) => waiting.push(resolve));
      if (answer.refused) refused += 1;
      return answer;
    });
  const settle = async () => new Promise((resolve) => setTimeout(resolve, 5));
  return { renew, waiting, settle };
}

describe('renewalGate', () => {
  it('lets a burst reach uaa at most the budget left, then answers spent', async () => {
    const { renew, waiting, settle } = setting(3);
    const outcomes = Array.from({ length: 10 }, renew);
    await settle();
    expect(waiting).toHaveLength(3);
    for (const answer of waiting.splice(0)) answer({ refused: true });
    const settled = await Promise.all(outcomes);
    expect(settled.filter((outcome) => outcome === 'spent')).toHaveLength(7);
    expect(waiting).toHaveLength(0);
  });

  it("makes the rest wait while uaa's answers spend nothing, then lets them go", async () => {
    const { renew, waiting, settle } = setting(2);
    const outcomes = Array.from({ length: 5 }, renew);
    let asked = 0;
    for (let round = 0; round < 3; round++) {
      await settle();
      asked += waiting.length;
      expect(waiting.length).toBeLessThanOrEqual(2);
      for (const answer of waiting.splice(0)) answer({ refused: false });
    }
    expect(asked).toBe(5);
    expect(await Promise.all(outcomes)).toEqual(Array(5).fill({ refused: false }));
  });

  it('answers spent at once when nothing is left', async () => {
    const gate = renewalGate(async () => 0);
    let called = false;
    expect(await gate('2001:db8::1', async () => (called = true))).toBe('spent');
    expect(called).toBe(false);
  });
});
