// The cart calls' paths (specification section 7), without zod: the browser's cart code imports
// these on every page and must not pull the schema library into the initial bundle.
export const BOOKING_BASE = '/api/services/booking-ms/api/v1/bookings/cart';

export const bookingPaths = {
  cart: (tenantId: string) => `${BOOKING_BASE}/tenant/${encodeURIComponent(tenantId)}`,
  item: (tenantId: string) => `${BOOKING_BASE}/tenant/${encodeURIComponent(tenantId)}/item`,
  items: (tenantId: string) => `${BOOKING_BASE}/tenant/${encodeURIComponent(tenantId)}/items`,
  notes: (tenantId: string) => `${BOOKING_BASE}/tenant/${encodeURIComponent(tenantId)}/notes`,
  copyBookingToCart: `${BOOKING_BASE}/copyBookingToCart`,
} as const;
