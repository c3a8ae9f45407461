import type { Queryable } from '../../db/db';
import { chosenAddress } from '../../services/orders/choices';
import { nextOrderNumber } from '../../services/orders/order-number';
import { insertLines } from '../../services/orders/place-order';
import { priceItems, subtotalOf, type ItemToPrice } from '../../services/orders/pricing';
import type { Shopper } from '../../services/orders/shopper';
import { deliveryFee, ensureSlots, loadPolicy } from '../../services/orders/slots';
import type { DemoProfile } from './profile';

// The demo shopper's order history: one delivered long ago, one delivered last week, one placed
// for a slot a few days ahead (editable). Dates are relative to the first seeding, so each order is
// inserted only when absent (docs/decisions/0063). On a later start, the upcoming order moves to a
// new future slot if its cut-off has passed while it was still placed, so the demo always has an
// order to edit, without the history growing.
type OrderSeed = {
  n: number;
  daysFromToday: number;
  status: 'delivered' | 'placed';
  items: ItemToPrice[];
};

function orderSeeds(offeringIds: readonly string[]): OrderSeed[] {
  const item = (index: number, quantity: number, byCase = false): ItemToPrice => ({
    offeringId: offeringIds[index % offeringIds.length]!,
    quantity,
    byCase,
  });
  return [
    {
      n: 1,
      daysFromToday: -120,
      status: 'delivered',
      items: [item(0, 2), item(1, 1, true), item(2, 3)],
    },
    {
      n: 2,
      daysFromToday: -7,
      status: 'delivered',
      items: [item(3, 1), item(4, 2), item(5, 1), item(6, 4)],
    },
    { n: 3, daysFromToday: 3, status: 'placed', items: [item(7, 2), item(8, 1), item(0, 1, true)] },
  ];
}

/** The 10:00 slot of the day `days` from today in the shop's time zone, materialised. */
async function slotOn(tx: Queryable, tenantId: string, timeZone: string, days: number) {
  const { rows } = await tx.query<{ day: string }>(
    `select to_char((now() at time zone $1)::date + $2::int, 'YYYY-MM-DD') as day`,
    [timeZone, days],
  );
  const day = rows[0]!.day;
  await ensureSlots(tx, tenantId, day, 1);
  const slot = await tx.query<{ id: string; starts_at: Date; cutoff_at: Date; fee_cents: number }>(
    'select id, starts_at, cutoff_at, fee_cents from delivery_slots where id = $1',
    [`slot-${tenantId}-${day.replaceAll('-', '')}-1000`],
  );
  return slot.rows[0] ?? null;
}

export async function seedOrders(
  tx: Queryable,
  shopper: Shopper,
  profile: DemoProfile,
  offeringIds: readonly string[],
): Promise<void> {
  const policy = await loadPolicy(tx, shopper.tenantId);
  if (!policy || offeringIds.length === 0) return;
  const { rows: shop } = await tx.query<{ currency: string }>(
    'select currency from tenants where id = $1',
    [shopper.tenantId],
  );
  for (const spec of orderSeeds(offeringIds)) {
    const id = `ord-${shopper.tenantId}-demo-${spec.n}`;
    const existing = await tx.query<{ status: string; cutoff_at: Date }>(
      'select status, cutoff_at from orders where id = $1',
      [id],
    );
    const found = existing.rows[0];
    if (found) {
      const stale =
        spec.status === 'placed' &&
        found.status === 'placed' &&
        new Date(found.cutoff_at).getTime() <= Date.now();
      const slot = stale
        ? await slotOn(tx, shopper.tenantId, policy.timeZone, spec.daysFromToday)
        : null;
      if (slot) {
        await tx.query(
          'update orders set slot_id = $2, cutoff_at = $3, updated_at = now() where id = $1',
          [id, slot.id, slot.cutoff_at],
        );
      }
      continue;
    }
    const slot = await slotOn(tx, shopper.tenantId, policy.timeZone, spec.daysFromToday);
    if (!slot) continue;
    const lines = await priceItems(tx, shopper.tenantId, spec.items);
    const subtotal = subtotalOf(lines);
    const fee = deliveryFee(slot.fee_cents, subtotal, policy);
    const address = await chosenAddress(tx, shopper, profile.addressIds[0]);
    const placedAt = new Date(
      Math.min(Date.now() - 3600_000, new Date(slot.starts_at).getTime() - 3 * 24 * 3600_000),
    );
    await tx.query(
      `insert into orders (id, tenant_id, account_id, status, address_id, address, slot_id, payment_method_id, payment,
         notes, subtotal_cents, delivery_fee_cents, total_cents, currency, cutoff_at, created_at, updated_at, number)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $17)`,
      [
        id,
        shopper.tenantId,
        shopper.accountId,
        spec.status,
        profile.addressIds[0],
        JSON.stringify(address),
        slot.id,
        profile.paymentMethodId,
        JSON.stringify({ brand: 'visa', last4: '4242' }),
        spec.n === 3 ? 'Please bring the bags to the kitchen door.' : '',
        subtotal,
        fee,
        subtotal + fee,
        shop[0]!.currency,
        slot.cutoff_at,
        placedAt,
        await nextOrderNumber(tx, shopper.tenantId),
      ],
    );
    await insertLines(tx, id, lines);
  }
}
