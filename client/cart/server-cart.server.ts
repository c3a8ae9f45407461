import { bookingPaths } from '../../shared/contracts/booking-paths';
import {
  cataloguePaths,
  IDS_PER_CALL,
  type ProductSummary,
} from '../../shared/contracts/catalogue';
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
    // A cart may hold more offerings than one call takes (ADR 0051: 300 lines): the calls go
    // together, so a large cart costs no extra round trip.
    const chunks: string[][] = [];
    for (let start = 0; start < ids.length; start += IDS_PER_CALL)
      chunks.push(ids.slice(start, start + IDS_PER_CALL));
    const answers = await Promise.all(
      chunks.map((chunk) =>
        platform.call<{ offerings?: Record<string, ProductSummary> }>({
          path: cataloguePaths.offerings(chunk),
        }),
      ),
    );
    const products: Record<string, ProductSummary> = {};
    for (const answer of answers) if (answer.ok) Object.assign(products, answer.body.offerings);
    return { booking, products };
  } catch {
    return null;
  }
}
