import type { OrderQuote, QuoteInput } from '../../../shared/contracts/orders';
import type { Queryable } from '../../db/db';
import { priceItems, subtotalOf, type ItemToPrice } from './pricing';
import { bookableSlot } from './slot-plan';
import { deliveryFee } from './slots';

// The totals of items about to be ordered, priced as placing them would price them (the same
// lines, the same fee rule): the cart's quote (/orders/quote) and a smart cart's
// (/smart-carts/{id}/quote, ADR 0330). Items that cannot be ordered are refused as placing does.
export async function quoteItems(
  q: Queryable,
  tenantId: string,
  items: readonly ItemToPrice[],
  input: QuoteInput,
): Promise<OrderQuote> {
  const slotId =
    input.fallback === 'earliest'
      ? await bookableSlot(q, tenantId, input.slotId ?? null)
      : (input.slotId ?? null);
  const lines = await priceItems(q, tenantId, items);
  const subtotal = subtotalOf(lines);
  // The shop's currency, its free delivery threshold (none without a delivery policy) and
  // the chosen slot's fee, in one query.
  const { rows } = await q.query<{
    currency: string;
    free_from_cents: number | null;
    fee_cents: number | null;
  }>(
    `select t.currency, p.free_from_cents,
       (select fee_cents from delivery_slots where id = $2 and tenant_id = t.id) as fee_cents
     from tenants t left join delivery_policies p on p.tenant_id = t.id where t.id = $1`,
    [tenantId, slotId],
  );
  const freeFrom = rows[0]?.free_from_cents ?? null;
  const policy = freeFrom === null ? null : { freeFromCents: freeFrom };
  const slotFee = rows[0]?.fee_cents ?? null;
  const fee = slotFee === null ? null : deliveryFee(slotFee, subtotal, policy);
  return {
    slotId: slotFee === null ? null : slotId,
    lines,
    subtotal,
    deliveryFee: fee,
    total: subtotal + (fee ?? 0),
    currency: rows[0]!.currency,
    freeDeliveryFrom: policy?.freeFromCents ?? 0,
  };
}
