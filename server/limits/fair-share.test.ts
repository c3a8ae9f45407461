import { afterEach, describe, expect, it, vi } from 'vitest';
import { FairShare, type Admission, type Shed } from './fair-share';

// The fair-share rule alone (issue #27 item 5): places per client and in all, the wait in order,
// 429 for a client past its share, 503 when everyone's places are taken.
afterEach(() => vi.useRealTimers());

function take(share: FairShare, key: string) {
  const outcome: { admission: Admission | null; shed: Shed | null; decided: boolean } = {
    admission: null,
    shed: null,
    decided: false,
  };
  const cancel = share.acquire(key, (admission, shed) => {
    Object.assign(outcome, { admission, shed, decided: true });
  });
  return Object.assign(outcome, { cancel });
}

describe('FairShare', () => {
  it("admits a client's share at once, queues as many more, and sheds the rest with 429", () => {
    vi.useFakeTimers();
    const share = new FairShare('calls', { perClient: 2, total: 10, queueMs: 500 });
    const flood = Array.from({ length: 6 }, () => take(share, 'a'));
    expect(flood.map((t) => t.admission !== null)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(flood.slice(2, 4).every((t) => !t.decided)).toBe(true);
    expect(flood.slice(4).map((t) => t.shed?.status)).toEqual([429, 429]);
    // Another client is not held up by the first one's queue.
    expect(take(share, 'b').admission).not.toBeNull();
    // A place freed goes to the first waiter; the other is shed when its wait ends.
    flood[0]!.admission!.release();
    expect(flood[2]!.admission).not.toBeNull();
    vi.advanceTimersByTime(500);
    expect(flood[3]!.shed).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(share.saturated()).toBe(false);
  });

  it('sheds with 503 when every place is taken by others, and says it is saturated', () => {
    vi.useFakeTimers();
    const share = new FairShare('renders', { perClient: 2, total: 4, queueMs: 300 });
    const held = ['a', 'a', 'b', 'b'].map((key) => take(share, key));
    expect(held.every((t) => t.admission)).toBe(true);
    expect(share.saturated()).toBe(true);
    const waiting = take(share, 'c');
    expect(waiting.decided).toBe(false);
    vi.advanceTimersByTime(300);
    expect(waiting.shed).toMatchObject({ status: 503, code: 'overloaded' });
    for (const t of held) t.admission!.release();
    expect(share.stats).toMatchObject({ inUse: 0, waiting: 0 });
  });

  it('gives a place back once, and forgets a wait the visitor gave up', () => {
    vi.useFakeTimers();
    const share = new FairShare('calls', { perClient: 1, total: 1, queueMs: 1_000 });
    const first = take(share, 'a');
    const second = take(share, 'b');
    second.cancel();
    first.admission!.release();
    first.admission!.release();
    expect(second.decided).toBe(false);
    expect(share.stats).toMatchObject({ inUse: 0, waiting: 0 });
    expect(take(share, 'c').admission).not.toBeNull();
  });
});
