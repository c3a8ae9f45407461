import { orderPaths, QuoteInput, type OrderQuote } from '../../../shared/contracts/orders';
import type { PlatformClient } from '../../../shared/load-context';
import { requirePlatform } from '../../lib/platform-answer.server';

// The checkout pages' quote (ADR 0290): asked beside their other calls, for the slot the page will
// show as chosen (the wanted one when it can be booked, otherwise the earliest), and asked again
// only when the platform priced another slot than the page then chose from its own slot list.
const quote = (platform: PlatformClient, body: QuoteInput) =>
  requirePlatform<OrderQuote>(platform, { method: 'POST', path: orderPaths.quote, body });

/** The quote of the slot the page will show; a `wanted` that is no slot id is left out. */
export function quoteShownSlot(
  platform: PlatformClient,
  wanted: string | null,
): Promise<OrderQuote> {
  const slotId = QuoteInput.shape.slotId.safeParse(wanted ?? undefined);
  return quote(platform, {
    slotId: slotId.success ? slotId.data : undefined,
    fallback: 'earliest',
  });
}

/**
 * `quoted` when it priced the page's chosen slot; otherwise (a slot filled or closed between the
 * two reads, or a platform that names no slot) the chosen slot's own quote.
 */
export function quoteOfChoice(
  platform: PlatformClient,
  quoted: OrderQuote,
  chosen: string | null,
): Promise<OrderQuote> {
  return quoted.slotId === chosen
    ? Promise.resolve(quoted)
    : quote(platform, chosen ? { slotId: chosen } : {});
}
