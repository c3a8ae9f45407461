import type {
  OrderAddress,
  OrderDetail,
  OrderLine,
  OrderStatus,
  OrderSummary,
} from '../../../shared/contracts/orders';
import type { Queryable } from '../../db/db';
import type { OrderPayment } from './choices';
import { orderNumberText } from './order-number';
import { PREVIEW_COLUMN, previewLines, type PreviewRow } from './order-preview';
import { iso, type Shopper } from './shopper';

// Reading orders back. Every query is scoped to the shopper's account and shop: someone else's
// order is simply not found.
type OrderRow = {
  id: string;
  number: number;
  status: OrderStatus;
  created_at: Date;
  updated_at: Date;
  subtotal_cents: number;
  delivery_fee_cents: number;
  total_cents: number;
  currency: string;
  address_id: string | null;
  address: OrderAddress;
  slot_id: string;
  starts_at: Date;
  ends_at: Date;
  payment_method_id: string | null;
  payment: OrderPayment;
  notes: string;
  cutoff_at: Date;
  smart_cart_id: string | null;
  shown_status: OrderStatus;
};
// The reference platform has no delivery round: a placed order whose slot has ended reads as
// delivered (docs/decisions/0063).
const SHOWN_STATUS = `case when o.status = 'placed' and s.ends_at <= now() then 'delivered' else o.status end as shown_status`;

type LineRow = {
  offering_id: string;
  product_id: string | null;
  product_name: string;
  quantity: number;
  by_case: boolean;
  unit_price_cents: number;
  line_total_cents: number;
};

export async function orderLines(q: Queryable, orderId: string): Promise<OrderLine[]> {
  const { rows } = await q.query<LineRow>(
    'select * from order_lines where order_id = $1 order by position',
    [orderId],
  );
  return rows.map((r) => ({
    offeringId: r.offering_id,
    productId: r.product_id,
    productName: r.product_name,
    quantity: r.quantity,
    byCase: r.by_case,
    unitPrice: r.unit_price_cents,
    lineTotal: r.line_total_cents,
  }));
}

export function isEditable(status: OrderStatus, cutoffAt: Date | string): boolean {
  return status === 'placed' && new Date(cutoffAt).getTime() > Date.now();
}

/** The shopper's order with its lines, or null. */
export function readOrder(
  q: Queryable,
  shopper: Shopper,
  orderId: string,
): Promise<OrderDetail | null> {
  return readOrderOf(q, orderId, shopper.tenantId, 'account_id', shopper.accountId);
}

/** A guest's order (placed by this guest session, not yet moved to an account), or null. */
export function readGuestOrder(
  q: Queryable,
  guest: { tenantId: string; principalId: string },
  orderId: string,
): Promise<OrderDetail | null> {
  return readOrderOf(q, orderId, guest.tenantId, 'guest_principal_id', guest.principalId);
}

// A guest's order stops being the guest session's once it has moved to an account.
const OWNER_CLAUSE = {
  account_id: 'o.account_id = $2',
  guest_principal_id: 'o.guest_principal_id = $2 and o.account_id is null',
} as const;

async function readOrderOf(
  q: Queryable,
  orderId: string,
  tenantId: string,
  owner: 'account_id' | 'guest_principal_id',
  ownerId: string,
): Promise<OrderDetail | null> {
  const { rows } = await q.query<OrderRow>(
    `select o.*, s.starts_at, s.ends_at, ${SHOWN_STATUS} from orders o join delivery_slots s on s.id = o.slot_id
     where o.id = $1 and ${OWNER_CLAUSE[owner]} and o.tenant_id = $3`,
    [orderId, ownerId, tenantId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    number: orderNumberText(row.number),
    status: row.shown_status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    lines: await orderLines(q, row.id),
    subtotal: row.subtotal_cents,
    deliveryFee: row.delivery_fee_cents,
    total: row.total_cents,
    currency: row.currency,
    addressId: row.address_id,
    address: row.address,
    slot: { id: row.slot_id, startsAt: iso(row.starts_at), endsAt: iso(row.ends_at) },
    paymentMethodId: row.payment_method_id,
    payment: { brand: row.payment.brand, last4: row.payment.last4 },
    notes: row.notes,
    editableUntil: iso(row.cutoff_at),
    editable: isEditable(row.shown_status, row.cutoff_at),
    smartCartId: row.smart_cart_id,
  };
}

export type SummaryFilter = { smartCartId?: string; limit: number; offset: number };

/** Newest first; the total counts every order matching the filter. */
export async function orderSummaries(
  q: Queryable,
  shopper: Shopper,
  filter: SummaryFilter,
): Promise<{ items: OrderSummary[]; total: number }> {
  const params = [shopper.accountId, shopper.tenantId, filter.smartCartId ?? null];
  const where =
    'o.account_id = $1 and o.tenant_id = $2 and ($3::text is null or o.smart_cart_id = $3)';
  // The count, the page and its previews in one query: one row of nulls but the count when the
  // page is empty.
  type ListedRow = OrderRow & { line_count: number; preview: PreviewRow[] };
  const { rows: page } = await q.query<(ListedRow | { id: null }) & { matching_orders: number }>(
    `select n.matching_orders, page.* from (
       select count(*)::int as matching_orders from orders o where ${where}
     ) n left join lateral (
       select o.*, s.starts_at, s.ends_at, ${SHOWN_STATUS},
         (select count(*)::int from order_lines l where l.order_id = o.id) as line_count,
         ${PREVIEW_COLUMN}
       from orders o join delivery_slots s on s.id = o.slot_id
       where ${where} order by o.created_at desc, o.id desc limit $4 offset $5
     ) page on true
     order by page.created_at desc, page.id desc`,
    [...params, filter.limit, filter.offset],
  );
  const rows = page.filter(
    (row): row is ListedRow & { matching_orders: number } => row.id !== null,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      number: orderNumberText(row.number),
      status: row.shown_status,
      createdAt: iso(row.created_at),
      total: row.total_cents,
      currency: row.currency,
      slot: { id: row.slot_id, startsAt: iso(row.starts_at), endsAt: iso(row.ends_at) },
      lineCount: row.line_count,
      preview: previewLines(row.preview),
      smartCartId: row.smart_cart_id,
    })),
    total: page[0]!.matching_orders,
  };
}
