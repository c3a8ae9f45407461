import { z } from 'zod';
import { Booking } from '../../../shared/contracts/booking';
import { requireAccount } from '../../auth/principal';
import type { Db, Queryable } from '../../db/db';
import { badRequest, notFound } from '../../http/errors';
import { checkShop } from './cart-access';
import { cartChangeKeyOf, changeCartOnce } from './cart-replay';
import { ensureCart, MAX_CART_LINES, readBooking, touchCart, type CartKey } from './cart-store';
import { MAX_LINE_QUANTITY } from '../../../shared/line-limits';
import type { ServiceApp } from '../service';

// Specification call 7: reorder. The lines of one of the shopper's past orders go into the cart;
// override=true replaces the cart's items, otherwise quantities are added to what is there. Once
// per Idempotency-Key (docs/decisions/0328): a replay answers the cart as it is, copying nothing.
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
        summary:
          "Copy a past order's lines into the cart (override replaces, otherwise merges); with an Idempotency-Key header, the same request again copies nothing and answers the cart (Idempotent-Replayed: true)",
        tags: ['booking-ms'],
        auth: 'account',
        errors: [403, 404],
        querystring: CopyQuery,
        response: { 200: Booking },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const principal = requireAccount(request);
      checkShop(request, principal, principal.tenantId);
      const cart = {
        tenantId: principal.tenantId,
        principalId: principal.id,
        accountId: principal.accountId,
      };
      const key = cartChangeKeyOf(request, principal);
      const { answer, replayed } = await changeCartOnce(db, key, {
        kept: () => ({}),
        replay: async (tx) => readBooking(tx, await ensureCart(tx, cart)),
        run: (tx) => copyOrder(tx, cart, query),
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return answer;
    },
  );
}

/** The copy itself, in the caller's transaction; the cart it leaves. */
async function copyOrder(
  tx: Queryable,
  cart: CartKey & { accountId: string },
  query: z.infer<typeof CopyQuery>,
): Promise<Booking> {
  const order = await tx.query(
    'select id from orders where id = $1 and account_id = $2 and tenant_id = $3',
    [query.bookingId, cart.accountId, cart.tenantId],
  );
  if (!order.rows[0]) throw notFound(`No order ${query.bookingId}`);
  const cartUid = await ensureCart(tx, cart);
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
    [query.bookingId, cartUid, cart.tenantId, query.override],
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
    [query.bookingId, cartUid, cart.tenantId],
  );
  return readBooking(tx, cartUid);
}
