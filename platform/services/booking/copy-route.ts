import { z } from 'zod';
import { Booking } from '../../../shared/contracts/booking';
import { requireAccount } from '../../auth/principal';
import type { Db } from '../../db/db';
import { badRequest, notFound } from '../../http/errors';
import { checkShop } from './cart-access';
import { ensureCart, MAX_CART_LINES, readBooking, touchCart } from './cart-store';
import { MAX_LINE_QUANTITY } from '../../../shared/line-limits';
import type { ServiceApp } from '../service';

// Specification call 7: reorder. The lines of one of the shopper's past orders go into the cart;
// override=true replaces the cart's items, otherwise quantities are added to what is there.
const CopyQuery = z.object({
  bookingId: z.string().min(1).max(100),
  override: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export function registerCopyRoute(app: ServiceApp, db: Db): void {
  app.get(
    '/bookings/cart/copyBookingToCart',
    {
      schema: {
        summary: "Copy a past order's lines into the cart (override replaces, otherwise merges)",
        tags: ['booking-ms'],
        auth: 'account',
        errors: [403, 404],
        querystring: CopyQuery,
        response: { 200: Booking },
      },
    },
    async (request) => {
      const query = request.query;
      const principal = requireAccount(request);
      checkShop(request, principal, principal.tenantId);
      return db.transaction(async (tx) => {
        const order = await tx.query(
          'select id from orders where id = $1 and account_id = $2 and tenant_id = $3',
          [query.bookingId, principal.accountId, principal.tenantId],
        );
        if (!order.rows[0]) throw notFound(`No order ${query.bookingId}`);
        const cartUid = await ensureCart(tx, {
          tenantId: principal.tenantId,
          principalId: principal.id,
        });
        await touchCart(tx, cartUid);
        // The cart's line limit (ADR 0051) as a PUT keeps it, counted after the cart is locked:
        // a copy that would go beyond it writes nothing.
        const { rows } = await tx.query<{ before: number; after: number }>(
          `with kept as (select offering_id, by_case from cart_items
                          where cart_uid = $2 and not $4::boolean),
                copied as (select l.offering_id, l.by_case from order_lines l
                             join offerings o on o.id = l.offering_id and o.tenant_id = $3 and o.available
                            where l.order_id = $1)
           select (select count(*) from kept)::int as before,
                  (select count(*) from (select * from kept union select * from copied) u)::int as after`,
          [query.bookingId, cartUid, principal.tenantId, query.override],
        );
        const { before, after } = rows[0]!;
        if (after > MAX_CART_LINES && after > before) {
          throw badRequest(
            `A cart holds at most ${MAX_CART_LINES} lines: with this order's lines it would have ${after}`,
          );
        }
        if (query.override) await tx.query('delete from cart_items where cart_uid = $1', [cartUid]);
        // Offerings withdrawn since the order (unavailable or gone) are left out: they could not be bought.
        await tx.query(
          `insert into cart_items (uid, cart_uid, offering_id, quantity, by_case)
           select gen_random_uuid()::text, $2, l.offering_id, least(sum(l.quantity), ${MAX_LINE_QUANTITY})::int, l.by_case
             from order_lines l join offerings o on o.id = l.offering_id and o.tenant_id = $3 and o.available
            where l.order_id = $1
            group by l.offering_id, l.by_case
           on conflict (cart_uid, offering_id, by_case)
             do update set quantity = least(cart_items.quantity + excluded.quantity, ${MAX_LINE_QUANTITY})`,
          [query.bookingId, cartUid, principal.tenantId],
        );
        return readBooking(tx, cartUid);
      });
    },
  );
}
