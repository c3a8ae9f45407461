import type { OrderQuote } from '../../shared/contracts/orders';
import { orderParams } from './items';
import { useTrack } from './track';

// begin_checkout, once per visit of a checkout page, signed in or guest (ADR 0267). Keyed by the
// visit (the page mounted with its form), not by the order form's idempotency key: that key is
// new at each load of the page's data (a slot chosen, a refused post and another slot), and each
// counted as a new checkout start. An empty cart begins none (the guest's page shows no form then).
export function useCheckoutStart(quote: OrderQuote | null): void {
  const started = quote !== null && quote.lines.length > 0;
  useTrack('begin_checkout', started ? 'visit' : null, () => orderParams(quote!));
}
