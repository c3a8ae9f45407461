import type { Db, Queryable } from '../db/db';
import { ensureSlots } from '../services/orders/slots';
import { deliverySeeds, type DeliverySeed } from './commerce/delivery';
import { seedLists } from './commerce/lists';
import { seedOrders } from './commerce/orders';
import { seedProfile } from './commerce/profile';

// Commerce seed (after core and catalogue): each shop's delivery rules and slots, and for each
// demo shopper two addresses, a card, three orders, a shopping list and a smart cart. Delivery
// rules are the seed's to own (updated on every start); the shopper's data is created only when
// missing (see commerce/orders.ts for the one order that moves with time).
const DEMO_ACCOUNTS = [
  { tenantId: 'fresh', accountId: 'acc-fresh-demo' },
  { tenantId: 'harbour', accountId: 'acc-harbour-demo' },
];

async function seedDelivery(tx: Queryable, d: DeliverySeed): Promise<void> {
  await tx.query(
    `insert into delivery_policies (tenant_id, time_zone, cutoff_time, free_from_cents, horizon_days, countries)
     select id, $2, $3::time, $4, $5, $6 from tenants where id = $1
     on conflict (tenant_id) do update set time_zone = excluded.time_zone, cutoff_time = excluded.cutoff_time,
       free_from_cents = excluded.free_from_cents, horizon_days = excluded.horizon_days,
       countries = excluded.countries`,
    [d.tenantId, d.timeZone, d.cutoffTime, d.freeFromCents, d.horizonDays, d.countries],
  );
  await tx.query(
    'delete from delivery_slot_templates where tenant_id = $1 and not (start_time = any($2::time[]))',
    [d.tenantId, d.slots.map((s) => s.start)],
  );
  for (const s of d.slots) {
    await tx.query(
      `insert into delivery_slot_templates (tenant_id, start_time, end_time, capacity, fee_cents)
       select tenant_id, $2, $3, $4, $5 from delivery_policies where tenant_id = $1
       on conflict (tenant_id, start_time) do update set end_time = excluded.end_time,
         capacity = excluded.capacity, fee_cents = excluded.fee_cents`,
      [d.tenantId, s.start, s.end, s.capacity, s.feeCents],
    );
  }
  await ensureSlots(tx, d.tenantId);
}

/** A stable choice of the shop's available offerings (the catalogue seed is deterministic). */
async function demoOfferings(tx: Queryable, tenantId: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    'select id from offerings where tenant_id = $1 and available order by id limit 12',
    [tenantId],
  );
  return rows.map((r) => r.id);
}

export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const delivery of deliverySeeds) await seedDelivery(tx, delivery);
    for (const { tenantId, accountId } of DEMO_ACCOUNTS) {
      const account = await tx.query('select id from accounts where id = $1 and tenant_id = $2', [
        accountId,
        tenantId,
      ]);
      if (!account.rows[0]) continue;
      const offeringIds = await demoOfferings(tx, tenantId);
      const profile = await seedProfile(tx, tenantId, accountId);
      await seedOrders(tx, { tenantId, accountId }, profile, offeringIds);
      await seedLists(tx, tenantId, accountId, offeringIds);
    }
  });
}
