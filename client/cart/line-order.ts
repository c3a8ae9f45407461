import type { QuantityKey } from './quantity-map';

// The order of a cart's writes per line (docs/decisions/0080). booking-ms quantities are
// absolute, so a PUT that reaches it after the DELETE of its line brings the line back: a line
// change (removal, replacement) waits for the PUT of each of its quantities on its way, and a
// quantity's next PUT waits for a line change clicked before it. So the last action wins.
export function createLineOrder() {
  /** The PUT of each quantity on its way. */
  const sending = new Map<QuantityKey, Promise<unknown>>();
  /** Line changes on their way, by the quantities of their lines. */
  const changing = new Map<QuantityKey, Promise<unknown>>();

  return {
    /**
     * The line change of this quantity clicked before, to wait for; none: send at once (no await,
     * so that clicks made meanwhile are still coalesced as before).
     */
    before: (key: QuantityKey): Promise<unknown> | undefined => changing.get(key),
    /** A line change of this quantity came while its wish waited: the wish must wait again. */
    overtaken: (key: QuantityKey): boolean => changing.has(key),
    /** Sends a PUT of this quantity, known to line changes until it is answered. */
    send<T>(key: QuantityKey, put: Promise<T>): Promise<T> {
      sending.set(key, put);
      return put.finally(() => sending.delete(key));
    },
    /** Runs a change of the lines of these quantities once their PUTs on the way are answered. */
    change<T>(keys: readonly QuantityKey[], run: () => Promise<T>): Promise<T> {
      const done: Promise<T> = Promise.allSettled(keys.map((key) => sending.get(key)))
        .then(run)
        .finally(() => {
          for (const key of keys) if (changing.get(key) === done) changing.delete(key);
        });
      for (const key of keys) changing.set(key, done);
      return done;
    },
  };
}

export type LineOrder = ReturnType<typeof createLineOrder>;
