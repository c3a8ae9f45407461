import type { DeliverySlot } from '../../../shared/contracts/orders';
import type { Queryable } from '../../db/db';
import { badRequest, conflict } from '../../http/errors';
import { iso } from './shopper';

// Rolling delivery slots (docs/decisions/0060): each shop has a policy (time zone, cut-off time on
// the day before, free delivery threshold, horizon) and a daily template. Concrete slots are
// materialised from the template for today and the next horizon_days, with deterministic ids, so
// generating again is a no-op and orders can reference a slot row.
export type DeliveryPolicy = { timeZone: string; freeFromCents: number; horizonDays: number };
export type SlotRow = {
  id: string;
  starts_at: Date;
  ends_at: Date;
  cutoff_at: Date;
  capacity: number;
  fee_cents: number;
  taken: number;
};

export async function loadPolicy(q: Queryable, tenantId: string): Promise<DeliveryPolicy | null> {
  const { rows } = await q.query<{
    time_zone: string;
    free_from_cents: number;
    horizon_days: number;
  }>(
    'select time_zone, free_from_cents, horizon_days from delivery_policies where tenant_id = $1',
    [tenantId],
  );
  const row = rows[0];
  return row
    ? { timeZone: row.time_zone, freeFromCents: row.free_from_cents, horizonDays: row.horizon_days }
    : null;
}

/**
 * Materialises the slots of `days` days from `fromDate` (a date in the shop's time zone; today
 * when null). Dates before today are allowed: the seed places past orders on past slots.
 */
export async function ensureSlots(
  q: Queryable,
  tenantId: string,
  fromDate: string | null = null,
  days?: number,
): Promise<void> {
  await q.query(
    `insert into delivery_slots (id, tenant_id, starts_at, ends_at, cutoff_at, capacity, fee_cents)
     select 'slot-' || t.tenant_id || '-' || to_char(day, 'YYYYMMDD') || '-' || to_char(t.start_time, 'HH24MI'),
            t.tenant_id,
            (day + t.start_time) at time zone p.time_zone,
            (day + t.end_time) at time zone p.time_zone,
            (day - 1 + p.cutoff_time) at time zone p.time_zone,
            t.capacity, t.fee_cents
     from delivery_policies p
     join delivery_slot_templates t on t.tenant_id = p.tenant_id
     cross join lateral (
       select coalesce($2::date, (now() at time zone p.time_zone)::date) + n as day
       from generate_series(0, coalesce($3::int, p.horizon_days + 1) - 1) as n
     ) days
     where p.tenant_id = $1
     on conflict (id) do nothing`,
    [tenantId, fromDate, days ?? null],
  );
}

const SLOT_COLUMNS = `s.id, s.starts_at, s.ends_at, s.cutoff_at, s.capacity, s.fee_cents,
  (select count(*)::int from orders o where o.slot_id = s.id and o.status = 'placed'
     and ($2::text is null or o.id <> $2)) as taken`;

/**
 * Slots from now to the end of the horizon, bookable or not (the screen greys out the others);
 * the caller has materialised them (ensurePlannedSlots).
 */
export async function upcomingSlots(
  q: Queryable,
  tenantId: string,
  policy: DeliveryPolicy,
): Promise<DeliverySlot[]> {
  const { rows } = await q.query<SlotRow>(
    `select ${SLOT_COLUMNS} from delivery_slots s
     where s.tenant_id = $1 and s.starts_at > now() and s.starts_at < now() + make_interval(days => $3::int + 1)
     order by s.starts_at`,
    [tenantId, null, policy.horizonDays],
  );
  return rows.map(toSlot);
}

export function toSlot(row: SlotRow): DeliverySlot {
  const remaining = Math.max(0, row.capacity - row.taken);
  return {
    id: row.id,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    cutoffAt: iso(row.cutoff_at),
    fee: row.fee_cents,
    remaining,
    available: remaining > 0 && new Date(row.cutoff_at).getTime() > Date.now(),
  };
}

/**
 * The slot an order books, locked so two orders cannot take its last place: 400 when it is not
 * the shop's, 409 when its cut-off has passed or it is full. `orderId` is the order being edited
 * (its own place in the slot does not count).
 */
export async function bookSlot(
  tx: Queryable,
  tenantId: string,
  slotId: string,
  orderId: string | null = null,
): Promise<SlotRow> {
  const locked = await tx.query(
    'select id from delivery_slots where id = $1 and tenant_id = $2 for update',
    [slotId, tenantId],
  );
  if (!locked.rows[0]) throw badRequest(`Unknown delivery slot: ${slotId}`);
  const { rows } = await tx.query<SlotRow>(
    `select ${SLOT_COLUMNS} from delivery_slots s where s.id = $1`,
    [slotId, orderId],
  );
  const slot = rows[0]!;
  if (new Date(slot.cutoff_at).getTime() <= Date.now()) {
    throw conflict('That delivery slot can no longer be booked: choose a later one');
  }
  if (slot.taken >= slot.capacity) throw conflict('That delivery slot is full: choose another one');
  return slot;
}

/** Delivery is free from the shop's threshold; otherwise the slot's fee. */
export function deliveryFee(
  slotFeeCents: number,
  subtotalCents: number,
  policy: Pick<DeliveryPolicy, 'freeFromCents'> | null,
): number {
  return policy && subtotalCents >= policy.freeFromCents ? 0 : slotFeeCents;
}
