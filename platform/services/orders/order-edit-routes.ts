import {
  OrderDetail,
  OrderEditInput,
  OrderParams,
  type OrderStatus,
} from '../../../shared/contracts/orders';
import { routeSchemas, type ServicePlugin } from '../service';
import type { Queryable } from '../../db/db';
import { conflict, notFound } from '../../http/errors';
import { chosenAddress } from './choices';
import { orderLines, readOrder } from './order-read';
import { insertLines } from './place-order';
import { priceItems, subtotalOf } from './pricing';
import { requireShopper, type Shopper } from './shopper';
import { bookSlot, deliveryFee, loadPolicy } from './slots';

const route = routeSchemas('orders', { errors: [409] });

type LockedOrder = {
  id: string;
  status: OrderStatus;
  slot_id: string;
  cutoff_at: Date;
  subtotal_cents: number;
};

/** The shopper's order, locked for this transaction, while it can still change; 404 or 409 otherwise. */
async function lockChangeable(
  tx: Queryable,
  shopper: Shopper,
  orderId: string,
  action: string,
): Promise<LockedOrder> {
  const { rows } = await tx.query<LockedOrder>(
    `select id, status, slot_id, cutoff_at, subtotal_cents from orders
     where id = $1 and account_id = $2 and tenant_id = $3 for update`,
    [orderId, shopper.accountId, shopper.tenantId],
  );
  const order = rows[0];
  if (!order) throw notFound(`No order ${orderId}`);
  if (order.status !== 'placed')
    throw conflict(`This order is ${order.status}: it can no longer be ${action}`);
  if (new Date(order.cutoff_at).getTime() <= Date.now()) {
    throw conflict(
      `The cut-off for this order passed at ${new Date(order.cutoff_at).toISOString()}: it can no longer be ${action}`,
    );
  }
  return order;
}

// Changing an order before its cut-off (lines, slot, address, notes) and cancelling it.
export const orderEditRoutes: ServicePlugin = async (app, { db }) => {
  app.put(
    '/orders/:id',
    route('Change lines, slot, address or notes until the cut-off', {
      params: OrderParams,
      body: OrderEditInput,
      response: { 200: OrderDetail },
    }),
    async (request) => {
      const shopper = requireShopper(request);
      const { id } = request.params;
      const edit = request.body;
      return db.transaction(async (tx) => {
        const order = await lockChangeable(tx, shopper, id, 'changed');
        const changes: string[] = [];
        const values: unknown[] = [];
        const set = (column: string, value: unknown) => {
          values.push(value);
          changes.push(`${column} = $${values.length + 1}`);
        };

        let slotId = order.slot_id;
        if (edit.slotId !== undefined && edit.slotId !== order.slot_id) {
          const slot = await bookSlot(tx, shopper.tenantId, edit.slotId, order.id);
          slotId = slot.id;
          set('slot_id', slot.id);
          set('cutoff_at', slot.cutoff_at);
        }
        if (edit.addressId !== undefined) {
          set('address_id', edit.addressId);
          set('address', JSON.stringify(await chosenAddress(tx, shopper, edit.addressId)));
        }
        if (edit.notes !== undefined) set('notes', edit.notes);

        // The money changes with what it depends on, the lines and the slot: a new address or new
        // notes keep the fee agreed, even if the shop's free delivery threshold has moved since.
        const repriced = edit.lines !== undefined || slotId !== order.slot_id;
        let subtotal = order.subtotal_cents;
        if (edit.lines) {
          // Lines already on the order keep the price agreed when it was placed.
          const lines = await priceItems(
            tx,
            shopper.tenantId,
            edit.lines,
            await orderLines(tx, order.id),
          );
          await tx.query('delete from order_lines where order_id = $1', [order.id]);
          await insertLines(tx, order.id, lines);
          subtotal = subtotalOf(lines);
        }
        if (repriced) {
          const { rows } = await tx.query<{ fee_cents: number }>(
            'select fee_cents from delivery_slots where id = $1',
            [slotId],
          );
          const fee = deliveryFee(
            rows[0]!.fee_cents,
            subtotal,
            await loadPolicy(tx, shopper.tenantId),
          );
          set('subtotal_cents', subtotal);
          set('delivery_fee_cents', fee);
          set('total_cents', subtotal + fee);
        }
        await tx.query(
          `update orders set ${[...changes, 'updated_at = now()'].join(', ')} where id = $1`,
          [order.id, ...values],
        );
        return (await readOrder(tx, shopper, order.id))!;
      });
    },
  );

  app.post(
    '/orders/:id/cancel',
    route('Cancel an order until its cut-off', {
      params: OrderParams,
      response: { 200: OrderDetail },
    }),
    async (request) => {
      const shopper = requireShopper(request);
      const { id } = request.params;
      return db.transaction(async (tx) => {
        const order = await lockChangeable(tx, shopper, id, 'cancelled');
        await tx.query(`update orders set status = 'cancelled', updated_at = now() where id = $1`, [
          order.id,
        ]);
        return (await readOrder(tx, shopper, order.id))!;
      });
    },
  );
};
