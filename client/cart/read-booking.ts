import type { Booking, BookingItem } from '../../shared/contracts/booking';

// A structural check of booking-ms answers in the browser. The zod schema (shared/contracts/
// booking.ts) stays the contract on the servers; the browser checks by hand so the cart, loaded
// on every page, does not add the schema library to the initial JavaScript.
const isItem = (value: unknown): value is BookingItem => {
  const item = value as Partial<BookingItem> | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.uid === 'string' &&
    typeof item.offeringId === 'string' &&
    Number.isInteger(item.quantity) &&
    (item.quantity as number) >= 0 &&
    typeof item.byCase === 'boolean'
  );
};

export function readBooking(value: unknown): Booking | null {
  const booking = value as Partial<Booking> | null;
  if (typeof booking !== 'object' || booking === null || typeof booking.uid !== 'string')
    return null;
  if (!Array.isArray(booking.items) || !booking.items.every(isItem)) return null;
  const notes = Array.isArray(booking.notes)
    ? booking.notes.filter((n): n is string => typeof n === 'string')
    : [];
  const lastUpdate = typeof booking.lastUpdate === 'string' ? booking.lastUpdate : null;
  return {
    uid: booking.uid,
    items: booking.items.map(({ uid, offeringId, quantity, byCase }) => ({
      uid,
      offeringId,
      quantity,
      byCase,
    })),
    notes,
    lastUpdate,
  };
}
