import type { Queryable } from '../../db/db';
import { ensureSlots, upcomingSlots, type DeliveryPolicy } from './slots';

// What the delivery-slot list needs from the shop, in one query: its currency, its delivery
// policy, and its slot plan (docs/decisions/0280): everything the materialising insert of
// ensureSlots depends on (the shop-local day, the horizon, the time zone, the cut-off, the
// template). The insert inserts nothing when the plan has not changed since it last ran, so a
// process remembers, per database handle and shop, the last plan it materialised and skips the
// insert until the plan differs: a new day, or a changed policy or template, by any writer.
export type SlotPlan = {
  currency: string;
  policy: DeliveryPolicy | null;
  /** The shop-local day and its fingerprint; null without a delivery policy. */
  plan: { day: string; key: string } | null;
};

export async function loadSlotPlan(q: Queryable, tenantId: string): Promise<SlotPlan> {
  const { rows } = await q.query<{
    currency: string;
    time_zone: string | null;
    free_from_cents: number;
    horizon_days: number;
    day: string | null;
    template: string | null;
  }>(
    `select t.currency, p.time_zone, p.free_from_cents, p.horizon_days,
       to_char((now() at time zone p.time_zone)::date, 'YYYY-MM-DD') as day,
       concat_ws('|', p.time_zone, p.cutoff_time, p.horizon_days, (
         select string_agg(concat_ws(',', d.start_time, d.end_time, d.capacity, d.fee_cents), ';'
                           order by d.start_time)
         from delivery_slot_templates d where d.tenant_id = p.tenant_id)) as template
     from tenants t left join delivery_policies p on p.tenant_id = t.id
     where t.id = $1`,
    [tenantId],
  );
  const row = rows[0]!;
  if (row.time_zone === null || row.day === null) {
    return { currency: row.currency, policy: null, plan: null };
  }
  return {
    currency: row.currency,
    policy: {
      timeZone: row.time_zone,
      freeFromCents: row.free_from_cents,
      horizonDays: row.horizon_days,
    },
    plan: { day: row.day, key: `${row.day}|${row.template}` },
  };
}

// Keyed by the database handle, so every platform (and every test's) has its own memory.
const materialised = new WeakMap<Queryable, Map<string, string>>();

/** The slots of the plan's day and horizon, materialised unless this plan already was. */
export async function ensurePlannedSlots(
  q: Queryable,
  tenantId: string,
  plan: { day: string; key: string },
): Promise<void> {
  let done = materialised.get(q);
  if (!done) materialised.set(q, (done = new Map()));
  if (done.get(tenantId) === plan.key) return;
  await ensureSlots(q, tenantId, plan.day);
  done.set(tenantId, plan.key);
}

/** The shop's upcoming slots (materialised first); none without a delivery policy. */
export async function upcoming(db: Queryable, tenantId: string) {
  const { currency, policy, plan } = await loadSlotPlan(db, tenantId);
  if (plan) await ensurePlannedSlots(db, tenantId, plan);
  return { currency, policy, items: policy ? await upcomingSlots(db, tenantId, policy) : [] };
}

/**
 * The slot the checkout shows as chosen, by the rule its page applies to this same list: the
 * wanted one when it can be booked, otherwise the earliest that can, or none (ADR 0290).
 */
export async function bookableSlot(
  db: Queryable,
  tenantId: string,
  wanted: string | null,
): Promise<string | null> {
  const bookable = (await upcoming(db, tenantId)).items.filter((slot) => slot.available);
  return (bookable.find((slot) => slot.id === wanted) ?? bookable[0])?.id ?? null;
}
