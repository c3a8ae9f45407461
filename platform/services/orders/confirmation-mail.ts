import type { Queryable } from '../../db/db';
import type { OutgoingMail } from '../../mail/outbox';
import { readOrder } from './order-read';
import type { Shopper } from './shopper';
import { loadPolicy } from './slots';

// The order-confirmation e-mail, written to the outbox in the order's transaction.
export async function confirmationMail(
  q: Queryable,
  shopper: Shopper,
  orderId: string,
): Promise<OutgoingMail> {
  const order = (await readOrder(q, shopper, orderId))!;
  const { rows } = await q.query<{
    email: string;
    first_name: string;
    name: string;
    origin: string;
    locale: string;
  }>(
    `select a.email, a.first_name, t.name, t.origin, t.locale
     from accounts a join tenants t on t.id = a.tenant_id where a.id = $1`,
    [shopper.accountId],
  );
  const shop = rows[0]!;
  const money = (cents: number) =>
    new Intl.NumberFormat(shop.locale, { style: 'currency', currency: order.currency }).format(
      cents / 100,
    );
  const timeZone = (await loadPolicy(q, shopper.tenantId))?.timeZone ?? 'UTC';
  const when = new Intl.DateTimeFormat(shop.locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  });
  const link = `${shop.origin}/orders/${encodeURIComponent(order.id)}`;
  const lines = order.lines.map(
    (l) => `  ${l.quantity} x ${l.productName}${l.byCase ? ' (case)' : ''}: ${money(l.lineTotal)}`,
  );
  const body = [
    `Hello ${shop.first_name || 'there'},`,
    '',
    `thank you for your order ${order.number} at ${shop.name}.`,
    '',
    ...lines,
    '',
    `Subtotal: ${money(order.subtotal)}`,
    `Delivery: ${money(order.deliveryFee)}`,
    `Total: ${money(order.total)}`,
    '',
    `Delivery from ${when.format(new Date(order.slot.startsAt))} to ${order.address.name}, ${order.address.line1}, ${order.address.city}.`,
    `You can change or cancel it until ${when.format(new Date(order.editableUntil))}: ${link}`,
  ].join('\n');
  return {
    tenantId: shopper.tenantId,
    to: shop.email,
    kind: 'order-confirmation',
    subject: `${shop.name}: order ${order.number} confirmed`,
    body,
    link,
  };
}
