import { data } from 'react-router';
import {
  ITEMS_UNAVAILABLE,
  ORDER_TOO_LARGE,
  orderPaths,
  QuoteInput,
  type OrderQuote,
} from '../../../shared/contracts/orders';
import type { PlatformClient } from '../../../shared/load-context';
import { askPlatform, screenError } from '../../lib/platform-answer.server';

// The checkout pages' quote (ADR 0290): asked beside their other calls, for the slot the page will
// show as chosen (the wanted one when it can be booked, otherwise the earliest), and asked again
// only when the platform priced another slot than the page then chose from its own slot list.
// A smart cart's page asks its own quote the same way (`path`: smartCartPaths.quote, ADR 0330).
// A cart that cannot be ordered as it stands (ADR 0061, 0314) is thrown as the route's 400 with
// the platform's message and its code, so that a page can show it in place instead
// (`cartRefusal`): what the shopper fixes in the cart is no error of the shop's.
const CART_REFUSALS = [ORDER_TOO_LARGE, ITEMS_UNAVAILABLE] as const;

/** Why the quote refused the cart: too large an order, or items no longer on sale. */
export type CartRefusal = { code: (typeof CART_REFUSALS)[number]; message: string };

/** Whether a platform's error code is a refusal of the cart (the quote's, or placing's). */
export const isCartRefusal = (code: unknown): code is CartRefusal['code'] =>
  CART_REFUSALS.some((refusal) => refusal === code);

async function quote(
  platform: PlatformClient,
  body: QuoteInput,
  path: string = orderPaths.quote,
): Promise<OrderQuote> {
  const answer = await askPlatform<OrderQuote>(platform, { method: 'POST', path, body });
  if (answer.ok) return answer.body;
  if (isCartRefusal(answer.code))
    throw data({ message: answer.message, code: answer.code }, { status: 400 });
  throw screenError(answer);
}

/** The platform's code and message when `thrown` is the quote's refusal of the cart. */
export function cartRefusal(thrown: unknown): CartRefusal | null {
  const body = (thrown as { data?: { code?: unknown; message?: unknown } } | null)?.data;
  if (!body || !isCartRefusal(body.code) || typeof body.message !== 'string') return null;
  return { code: body.code, message: body.message };
}

/** The quote, or the platform's refusal of the cart when `quoting` throws one (ADR 0317). */
export function quoteOrRefusal(
  quoting: Promise<OrderQuote>,
): Promise<{ quote: OrderQuote } | { refused: CartRefusal }> {
  return quoting.then(
    (quote) => ({ quote }),
    (thrown: unknown) => {
      const refused = cartRefusal(thrown);
      if (refused === null) throw thrown;
      return { refused };
    },
  );
}

/** The quote of the slot the page will show; a `wanted` that is no slot id is left out. */
export function quoteShownSlot(
  platform: PlatformClient,
  wanted: string | null,
  path?: string,
): Promise<OrderQuote> {
  const slotId = QuoteInput.shape.slotId.safeParse(wanted ?? undefined);
  return quote(
    platform,
    { slotId: slotId.success ? slotId.data : undefined, fallback: 'earliest' },
    path,
  );
}

/**
 * `quoted` when it priced the page's chosen slot; otherwise (a slot filled or closed between the
 * two reads, or a platform that names no slot) the chosen slot's own quote.
 */
export function quoteOfChoice(
  platform: PlatformClient,
  quoted: OrderQuote,
  chosen: string | null,
  path?: string,
): Promise<OrderQuote> {
  return quoted.slotId === chosen
    ? Promise.resolve(quoted)
    : quote(platform, chosen ? { slotId: chosen } : {}, path);
}
