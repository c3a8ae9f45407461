import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_MERGED_CART_LINES } from '../line-limits';

// The cart ("booking") of specification sections 3 and 7. Paths are relative to the gateway
// (browser) or PLATFORM_URL (server); they live in booking-paths.ts, free of zod.
export { BOOKING_BASE, bookingPaths } from './booking-paths';

export const BookingItem = z.object({
  uid: z.string(),
  offeringId: z.string(),
  quantity: z.number().int().min(0),
  byCase: z.boolean(),
});
export type BookingItem = z.infer<typeof BookingItem>;

export const Booking = z.object({
  uid: z.string(),
  items: z.array(BookingItem),
  notes: z.array(z.string()).default([]),
  lastUpdate: z.string().nullable().default(null),
});
export type Booking = z.infer<typeof Booking>;

/** Body of PUT .../item: set the quantity of an offering (by case or single). 0 removes it. */
export const BookingItemInput = z.object({
  uid: z.string().optional(),
  offeringId: z.string().min(1).max(100),
  quantity: z.number().int().min(0).max(MAX_LINE_QUANTITY),
  byCase: z.boolean(),
});
export type BookingItemInput = z.infer<typeof BookingItemInput>;

/** Body of DELETE .../items: any of a cart's lines, a merged cart's too (docs/decisions/0314). */
export const BookingItemsDelete = z.object({
  items: z
    .array(z.object({ uid: z.string().min(1) }))
    .min(1)
    .max(MAX_MERGED_CART_LINES),
});

/** Body of PUT .../notes: the cart's notes, replaced as a whole. */
export const BookingNotesInput = z.object({
  notes: z.array(z.string().max(500)).max(50),
});
export type BookingNotesInput = z.infer<typeof BookingNotesInput>;
