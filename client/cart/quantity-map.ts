import type { Booking } from '../../shared/contracts/booking';

// The per-offering quantity map of specification section 3: every quantity control reads from it.
export type OfferingQuantity = { case: number; single: number; timestamp: number };
export type QuantityMap = Record<string, OfferingQuantity>;

export const NO_QUANTITY: OfferingQuantity = Object.freeze({ case: 0, single: 0, timestamp: 0 });

/** The booking's lastUpdate as milliseconds; a cart never changed yet counts as 0. */
export function bookingTimestamp(booking: Pick<Booking, 'lastUpdate'>): number {
  const time = booking.lastUpdate ? Date.parse(booking.lastUpdate) : 0;
  return Number.isNaN(time) ? 0 : time;
}

export function deriveQuantityMap(booking: Booking): QuantityMap {
  const timestamp = bookingTimestamp(booking);
  const map: QuantityMap = {};
  for (const item of booking.items) {
    const entry = (map[item.offeringId] ??= { case: 0, single: 0, timestamp });
    if (item.byCase) entry.case += item.quantity;
    else entry.single += item.quantity;
  }
  return map;
}

/** Key of one writable quantity: an offering by case or by single. */
export type QuantityKey = `${string}|${'case' | 'single'}`;
export const quantityKey = (offeringId: string, byCase: boolean): QuantityKey =>
  `${offeringId}|${byCase ? 'case' : 'single'}`;

/** Pending (optimistic) quantities laid over the server's map. */
export function overlayQuantities(
  base: QuantityMap,
  pending: ReadonlyMap<QuantityKey, { quantity: number; timestamp: number }>,
): QuantityMap {
  if (pending.size === 0) return base;
  const map: QuantityMap = { ...base };
  for (const [key, { quantity, timestamp }] of pending) {
    const [offeringId, kind] = key.split('|') as [string, 'case' | 'single'];
    const entry = { ...(map[offeringId] ?? NO_QUANTITY) };
    entry[kind] = quantity;
    entry.timestamp = Math.max(entry.timestamp, timestamp);
    map[offeringId] = entry;
  }
  return map;
}
