import type { Booking } from '../../shared/contracts/booking';
import type { ProductSummary } from '../../shared/contracts/catalogue';

// The widget's count and total. The platform computes the real totals at checkout; this is the
// shopper's running estimate from the catalogue's current prices.
export type CartTotals = {
  count: number;
  totalCents: number;
  currency: string | undefined;
  priced: boolean;
};

export function cartTotals(
  booking: Booking | null,
  summaries: ReadonlyMap<string, ProductSummary>,
): CartTotals {
  let count = 0;
  let totalCents = 0;
  let currency: string | undefined;
  let priced = true;
  for (const item of booking?.items ?? []) {
    count += item.quantity;
    const offering = summaries.get(item.offeringId)?.offering;
    if (!offering) {
      priced = false;
      continue;
    }
    currency ??= offering.currency;
    totalCents +=
      item.quantity * (item.byCase ? offering.priceCaseCents : offering.priceSingleCents);
  }
  return { count, totalCents, currency, priced };
}
