import { bookingPaths } from '../../shared/contracts/booking-paths';
import type { Booking, BookingItemInput } from '../../shared/contracts/booking';
import { apiFetch, type ApiError, type ApiResult } from '../lib/api';
import { readBooking } from './read-booking';

// Specification calls 3-7 through the gateway's proxy, with their exact paths and query names.
// Every answer is the whole booking, checked before the store takes it.
export type CartResult =
  { ok: true; booking: Booking } | { ok: false; status: number; error: ApiError };

export type CartApi = {
  getCart(tenantId: string): Promise<CartResult>;
  putItem(tenantId: string, item: BookingItemInput, substItemUid?: string): Promise<CartResult>;
  deleteItem(tenantId: string, bookingItemUid: string): Promise<CartResult>;
  deleteItems(tenantId: string, uids: readonly string[]): Promise<CartResult>;
  copyBookingToCart(bookingId: string, override: boolean): Promise<CartResult>;
  /** Starts an anonymous guest session unless the visitor has one (gateway POST /auth/guest). */
  ensureSession(): Promise<boolean>;
};

function toCartResult(result: ApiResult<unknown>): CartResult {
  if (!result.ok) return { ok: false, status: result.status, error: result.error };
  const booking = readBooking(result.data);
  if (!booking) {
    return {
      ok: false,
      status: result.status,
      error: {
        code: 'invalid_booking',
        message: 'The cart service answered with an unreadable cart',
      },
    };
  }
  return { ok: true, booking };
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const httpCartApi: CartApi = {
  getCart: async (tenantId) => toCartResult(await apiFetch(bookingPaths.cart(tenantId))),
  putItem: async (tenantId, item, substItemUid) => {
    const path = bookingPaths.item(tenantId) + (substItemUid ? `?${query({ substItemUid })}` : '');
    return toCartResult(await apiFetch(path, { method: 'PUT', body: item }));
  },
  deleteItem: async (tenantId, bookingItemUid) =>
    toCartResult(
      await apiFetch(`${bookingPaths.item(tenantId)}?${query({ bookingItemUid })}`, {
        method: 'DELETE',
      }),
    ),
  deleteItems: async (tenantId, uids) =>
    toCartResult(
      await apiFetch(bookingPaths.items(tenantId), {
        method: 'DELETE',
        body: { items: uids.map((uid) => ({ uid })) },
      }),
    ),
  copyBookingToCart: async (bookingId, override) =>
    toCartResult(
      await apiFetch(
        `${bookingPaths.copyBookingToCart}?${query({ bookingId, override: String(override) })}`,
      ),
    ),
  ensureSession: async () => (await apiFetch('/auth/guest', { method: 'POST' })).ok,
};
