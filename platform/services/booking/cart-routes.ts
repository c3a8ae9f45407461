import { z } from 'zod';
import {
  Booking,
  BookingItemInput,
  BookingItemsDelete,
  BookingNotesInput,
} from '../../../shared/contracts/booking';
import type { Db, Queryable } from '../../db/db';
import { badRequest, notFound } from '../../http/errors';
import { removeItem, removeItems, replaceNotes } from './cart-changes';
import { cartKeyFor, changeCart, checkOffering, TenantParams } from './cart-access';
import {
  ensureCart,
  findBooking,
  hasRoomFor,
  MAX_CART_LINES,
  readBooking,
  setItemQuantity,
} from './cart-store';
import { routeSchemas, type ServiceApp } from '../service';

// The specification's cart calls 3-6 (and notes), under /bookings/cart/tenant/:tenantId.
const route = routeSchemas('booking-ms');
const Uid = z.string().min(1).max(100);
const SubstQuery = z.object({ substItemUid: Uid.optional() });
const DeleteItemQuery = z.object({ bookingItemUid: Uid });

/** How many of (offering, byCase) the cart holds now: 0 when it is not a line. */
async function quantityInCart(
  tx: Queryable,
  cartUid: string,
  offeringId: string,
  byCase: boolean,
): Promise<number> {
  const { rows } = await tx.query<{ quantity: number }>(
    'select quantity from cart_items where cart_uid = $1 and offering_id = $2 and by_case = $3',
    [cartUid, offeringId, byCase],
  );
  return rows[0]?.quantity ?? 0;
}

export function registerCartRoutes(app: ServiceApp, db: Db): void {
  app.get(
    '/bookings/cart/tenant/:tenantId',
    route("The caller's cart (created empty on first read)", {
      params: TenantParams,
      response: { 200: Booking },
    }),
    async (request) => {
      const { tenantId } = request.params;
      const key = cartKeyFor(request, tenantId);
      // A cart that exists is read in one statement; the first read creates it.
      return (
        (await findBooking(db, key)) ??
        db.transaction(async (tx) => readBooking(tx, await ensureCart(tx, key)))
      );
    },
  );

  app.put(
    '/bookings/cart/tenant/:tenantId/item',
    route(
      'Set the quantity of an offering by single or by case (0 removes); substItemUid replaces that item',
      {
        params: TenantParams,
        querystring: SubstQuery,
        body: BookingItemInput,
        response: { 200: Booking },
      },
    ),
    async (request) => {
      const { substItemUid } = request.query;
      // The body's uid is accepted and ignored: an item is identified by (offeringId, byCase).
      const item = request.body;
      return changeCart(db, request, request.params.tenantId, async (tx, cartUid) => {
        let position: string | undefined;
        if (substItemUid) {
          // As text: a JS Date would drop the microseconds that order the lines.
          const { rows } = await tx.query<{ created_at: string }>(
            'delete from cart_items where cart_uid = $1 and uid = $2 returning created_at::text as created_at',
            [cartUid, substItemUid],
          );
          if (!rows[0]) throw notFound(`No item ${substItemUid} in the cart`);
          position = rows[0].created_at;
        }
        // Only raising a quantity (or adding the line) needs the offering on sale: a withdrawn
        // item can still be lowered or leave the cart (ADR 0051).
        if (
          item.quantity > 0 &&
          item.quantity > (await quantityInCart(tx, cartUid, item.offeringId, item.byCase))
        ) {
          await checkOffering(tx, request.params.tenantId, item.offeringId);
        }
        if (item.quantity > 0 && !(await hasRoomFor(tx, cartUid, item.offeringId, item.byCase))) {
          throw badRequest(`A cart holds at most ${MAX_CART_LINES} lines`);
        }
        await setItemQuantity(tx, cartUid, item.offeringId, item.byCase, item.quantity, position);
      });
    },
  );

  app.delete(
    '/bookings/cart/tenant/:tenantId/item',
    route('Remove one item', {
      params: TenantParams,
      querystring: DeleteItemQuery,
      response: { 200: Booking },
    }),
    (request) =>
      changeCart(db, request, request.params.tenantId, (tx, cartUid) =>
        removeItem(tx, cartUid, request.query.bookingItemUid),
      ),
  );

  app.delete(
    '/bookings/cart/tenant/:tenantId/items',
    route('Remove several items (uids not in the cart are ignored)', {
      params: TenantParams,
      body: BookingItemsDelete,
      response: { 200: Booking },
    }),
    (request) =>
      changeCart(db, request, request.params.tenantId, (tx, cartUid) =>
        removeItems(
          tx,
          cartUid,
          request.body.items.map((i) => i.uid),
        ),
      ),
  );

  app.put(
    '/bookings/cart/tenant/:tenantId/notes',
    route("Replace the cart's notes", {
      params: TenantParams,
      body: BookingNotesInput,
      response: { 200: Booking },
    }),
    (request) =>
      changeCart(db, request, request.params.tenantId, (tx, cartUid) =>
        replaceNotes(tx, cartUid, request.body.notes),
      ),
  );
}
