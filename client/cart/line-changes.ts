import type { Booking } from '../../shared/contracts/booking';
import type { CartResult } from './cart-api';
import type { LineOrder } from './line-order';
import { quantityKey, type QuantityKey } from './quantity-map';

// Removals and replacements of cart lines (docs/decisions/0080): the lines' quantities not sent
// yet are dropped and the change waits for their PUTs on the way (./line-order.ts); a second
// click on the same removal is that removal.
export type LineChangeDeps = {
  lines: LineOrder;
  /** The quantities the shopper asked for and the server has not confirmed yet. */
  pending: Map<QuantityKey, unknown>;
  booking: () => Booking | null;
  publish: (patch: { error?: string }) => void;
  applyBooking: (booking: Booking) => boolean;
  failed: (what: string, result: Extract<CartResult, { ok: false }>) => null;
  load: () => Promise<Booking | null>;
};

export function createLineChanges(deps: LineChangeDeps) {
  const { lines, pending, publish } = deps;
  /** Removals on their way, by their lines: a second click is the same removal. */
  const removals = new Map<string, Promise<Booking | null>>();

  async function change(what: string, call: () => Promise<CartResult>): Promise<Booking | null> {
    const result = await call();
    if (result.ok) {
      deps.applyBooking(result.booking);
      return result.booking;
    }
    publish({ error: 'Sorry, the cart could not be updated. Please try again.' });
    return deps.failed(what, result);
  }

  /** The lines' quantities not sent yet are dropped: the keys of those lines. */
  function dropPending(uids: readonly string[]): QuantityKey[] {
    const going = new Set(uids);
    const keys = (deps.booking()?.items ?? [])
      .filter((item) => going.has(item.uid))
      .map((item) => quantityKey(item.offeringId, item.byCase));
    for (const key of keys) pending.delete(key);
    if (keys.length > 0) publish({});
    return keys;
  }

  /** Removes or replaces lines: their quantities not sent yet are dropped (./line-order.ts). */
  function changeLines(
    what: string,
    uids: readonly string[],
    call: () => Promise<CartResult>,
    removes = false,
  ): Promise<Booking | null> {
    const keys = dropPending(uids);
    return lines.change(keys, async () => {
      const result = await call();
      // Already gone (another click, another tab): no failure; the cart is read again.
      if (removes && !result.ok && result.status === 404) return deps.load();
      return change(what, async () => result);
    });
  }

  return {
    remove(what: string, uids: readonly string[], call: () => Promise<CartResult>) {
      const id = [...uids].sort().join(' ');
      const running = removals.get(id);
      // The same removal clicked again after a new quantity: that quantity goes too (last click).
      if (running) return (dropPending(uids), running);
      const removing = changeLines(what, uids, call, true).finally(() => removals.delete(id));
      removals.set(id, removing);
      return removing;
    },
    replace: (what: string, uids: readonly string[], call: () => Promise<CartResult>) =>
      changeLines(what, uids, call),
  };
}
