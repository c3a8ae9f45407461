import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../shared/contracts/booking';
import { createCartStore } from './cart-store';
import { createFakeCartApi } from './fake-cart-api';

// The cart store against a model (docs/decisions/0080): whatever the order of the shopper's clicks
// and of the platform's answers, each line ends as the shopper's last action on it left it (a
// quantity, or removed), the store shows what the platform holds, and nothing is reported failed.
type Command =
  | { kind: 'set'; offering: string; byCase: boolean; quantity: number }
  | { kind: 'remove'; pick: number }
  | { kind: 'removeSome'; picks: number[] }
  | { kind: 'answer'; pick: number }
  | { kind: 'wait' };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    offering: fc.constantFrom('o1', 'o2'),
    byCase: fc.boolean(),
    quantity: fc.integer({ min: 0, max: 4 }),
  }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('removeSome' as const),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('answer' as const), pick: fc.nat() }),
  fc.constant({ kind: 'wait' as const }),
);

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const lineKey = (line: { offeringId: string; byCase: boolean }) =>
  `${line.offeringId} ${line.byCase ? 'case' : 'single'}`;

async function play(commands: Command[]) {
  const server = createFakeCartApi();
  const logger = { error: vi.fn() };
  const store = createCartStore({ api: server.api, logger });
  store.connect('fresh');
  await flush();
  server.holdAnswers(true);
  /** The model: each line's quantity after the shopper's last action on it. */
  const expected = new Map<string, number>();
  const calls: Promise<Booking | null>[] = [];
  const shown = () => store.getState().booking?.items ?? [];
  for (const step of commands) {
    if (step.kind === 'set') {
      calls.push(store.setQuantity(step.offering, step));
      expected.set(lineKey({ offeringId: step.offering, byCase: step.byCase }), step.quantity);
    } else if (step.kind === 'remove' || step.kind === 'removeSome') {
      const lines = shown();
      if (lines.length === 0) continue;
      const picks = step.kind === 'remove' ? [step.pick] : step.picks;
      const chosen = [...new Set(picks.map((pick) => lines[pick % lines.length]!))];
      for (const line of chosen) expected.set(lineKey(line), 0);
      const uids = chosen.map((line) => line.uid);
      calls.push(step.kind === 'remove' ? store.removeItem(uids[0]!) : store.removeItems(uids));
    } else if (step.kind === 'answer') {
      // Any held answer, not only the oldest: the network reorders them.
      if (server.held.length > 0)
        server.held.splice(step.pick % server.held.length, 1)[0]!.release();
    } else await flush();
  }
  for (let idle = 0; idle < 3;) {
    await flush();
    if (server.held.length === 0) idle += 1;
    else {
      idle = 0;
      server.held.splice(0).forEach((call) => call.release());
    }
  }
  await Promise.all(calls);
  return { server, store, logger, expected };
}

describe('cart store, model-based', () => {
  it("ends each line at the shopper's last action, whatever the order of the answers", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 24 }), async (commands) => {
        const { server, store, logger, expected } = await play(commands);
        const held = new Map(server.items().map((line) => [lineKey(line), line.quantity]));
        for (const [key, quantity] of expected) expect(held.get(key) ?? 0, key).toBe(quantity);
        expect(store.getState().booking?.items ?? []).toEqual(server.items());
        expect(logger.error).not.toHaveBeenCalled();
      }),
      { numRuns: 300, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
  });

  it('brings no removed line back after fast clicks on it (the case that found the bug)', async () => {
    const { server, store, expected } = await play([
      { kind: 'set', offering: 'o1', byCase: false, quantity: 1 },
      { kind: 'wait' },
      { kind: 'answer', pick: 0 },
      { kind: 'wait' },
      { kind: 'set', offering: 'o1', byCase: false, quantity: 2 },
      { kind: 'wait' },
      { kind: 'set', offering: 'o1', byCase: false, quantity: 3 },
      { kind: 'remove', pick: 0 },
    ]);
    expect(expected.get('o1 single')).toBe(0);
    expect(server.items()).toEqual([]);
    expect(store.getState().booking?.items).toEqual([]);
    expect(server.calls).toEqual(['get', 'session', 'put', 'put', 'delete']);
  });

  it('sends one removal for a double click, and takes a line already gone as removed', async () => {
    const { server, store, logger } = await play([
      { kind: 'set', offering: 'o1', byCase: false, quantity: 1 },
      { kind: 'wait' },
      { kind: 'answer', pick: 0 },
      { kind: 'wait' },
      { kind: 'remove', pick: 0 },
      { kind: 'remove', pick: 0 },
    ]);
    expect(server.calls.filter((call) => call === 'delete')).toHaveLength(1);
    expect(store.getState().error).toBeNull();

    // Another tab removed it: booking-ms answers 404, the store reads the cart again.
    server.holdAnswers(false);
    await store.setQuantity('o2', { byCase: false, quantity: 1 });
    const uid = server.items()[0]!.uid;
    await server.api.deleteItem('fresh', uid);
    await store.removeItem(uid);
    expect(store.getState().error).toBeNull();
    expect(store.getState().booking?.items).toEqual([]);
    expect(logger.error).not.toHaveBeenCalled();
  });
});
