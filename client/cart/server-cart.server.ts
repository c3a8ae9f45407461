import { bookingPaths } from '../../shared/contracts/booking-paths';
import { cataloguePaths, type ProductSummary } from '../../shared/contracts/catalogue';
import type { ServerCart } from '../../shared/contracts/personal';
import type { PlatformClient } from '../../shared/load-context';
import { readBooking } from './read-booking';

/**
 * The visitor's cart and its products, through the gateway with the visitor's token. A visitor
 * without a session has no cart; a failing call gives no cart (the browser loads it) rather than
 * a failing page.
 */
export async function readServerCart(
  platform: PlatformClient,
  tenantId: string,
): Promise<ServerCart | null> {
  try {
    const answer = await platform.call<unknown>({ path: bookingPaths.cart(tenantId) });
    const booking = answer.ok ? readBooking(answer.body) : null;
    if (!booking) return null;
    const ids = [...new Set(booking.items.map((item) => item.offeringId))];
    if (ids.length === 0) return { booking, products: {} };
    const summaries = await platform.call<{ offerings?: Record<string, ProductSummary> }>({
      path: cataloguePaths.offerings(ids),
    });
    return { booking, products: (summaries.ok && summaries.body.offerings) || {} };
  } catch {
    return null;
  }
}
