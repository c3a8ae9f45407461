import type { Queryable } from '../../db/db';
import type { OrderDetail } from '../../../shared/contracts/orders';
import type { OutgoingMail } from '../../mail/outbox';
import { readOrder } from './order-read';
import type { Shopper } from './shopper';
import { loadPolicy } from './slots';

// The order-confirmation e-mail, written to the outbox in the order's transaction: to the
// account's e-mail, or to the e-mail a guest gave (guest checkout, issue #29).
export async function confirmationMail(
  q: Queryable,
  shopper: Shopper,
  orderId: string,
): Promise<OutgoingMail> {
  const order = (await readOrder(q, shopper, orderId))!;
  const { rows } = await q.query<{ email: string; first_name: string }>(
    'select email, first_name from accounts where id = $1',
    [shopper.accountId],
  );
  return orderMail(q, shopper.tenantId, order, rows[0]!);
}

/**
 * A guest (`guest`) follows the order at the shop only once an account is made from it, on the
 * page that confirmed it, in the browser of the order (ADR 0262): the account's order page, the
 * link a shopper gets, would ask a guest to sign in with an account they do not have (ADR 0377).
 */
export async function orderMail(
  q: Queryable,
  tenantId: string,
  order: OrderDetail,
  to: { email: string; first_name: string },
  guest = false,
): Promise<OutgoingMail> {
  const { rows } = await q.query<{ name: string; origin: string; locale: string }>(
    'select name, origin, locale from tenants where id = $1',
    [tenantId],
  );
  const shop = { ...rows[0]!, ...to };
  const money = (cents: number) =>
    new Intl.NumberFormat(shop.locale, { style: 'currency', currency: order.currency }).format(
      cents / 100,
    );
  const timeZone = (await loadPolicy(q, tenantId))?.timeZone ?? 'UTC';
  const when = new Intl.DateTimeFormat(shop.locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  });
  const id = encodeURIComponent(order.id);
  const link = guest ? `${shop.origin}/checkout/guest?placed=${id}` : `${shop.origin}/orders/${id}`;
  const until = when.format(new Date(order.editableUntil));
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
    guest
      ? `You ordered as a guest. To change or cancel it until ${until}, make an account from it on the page that confirmed it, in the browser you ordered with: ${link}`
      : `You can change or cancel it until ${until}: ${link}`,
  ].join('\n');
  return {
    tenantId,
    to: shop.email,
    kind: 'order-confirmation',
    subject: `${shop.name}: order ${order.number} confirmed`,
    body,
    link,
  };
}
