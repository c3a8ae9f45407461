import { SmartCartOrderParams, SmartCartParams } from '../../../shared/contracts/lists';
import {
  OrderDetail,
  OrderQuote,
  PlaceOrderInput,
  QuoteInput,
} from '../../../shared/contracts/orders';
import { routeSchemas, type ServicePlugin } from '../service';
import { notFound } from '../../http/errors';
import { readOrder } from '../orders/order-read';
import { idempotencyKeyOf, placeOnce } from '../orders/idempotency';
import { placeOrder } from '../orders/place-order';
import { quoteItems } from '../orders/quote';
import { requireShopper } from '../orders/shopper';
import { ownSmartCart, smartCartItems } from './smart-cart-read';

const route = routeSchemas('smart-carts');

// Ordering a smart cart: the same order placement as the cart checkout (prices from the shop, slot
// booked, confirmation e-mail), from the smart cart's items, linked to it. The cart is untouched.
// Its quote is the cart's, of the smart cart's items: the page shows the total it sends (ADR 0330).
export const smartCartOrderRoutes: ServicePlugin = async (app, { db }) => {
  app.post(
    '/smart-carts/:id/quote',
    route('Totals of ordering a smart cart (prices from the shop, not the client)', {
      params: SmartCartParams,
      // No body at all: the quote without a slot.
      body: QuoteInput.nullish(),
      response: { 200: OrderQuote },
    }),
    async (request): Promise<OrderQuote> => {
      const shopper = requireShopper(request);
      const { id } = request.params;
      await ownSmartCart(db, shopper, id);
      const items = await smartCartItems(db, id);
      return quoteItems(db, shopper.tenantId, items, request.body ?? {});
    },
  );

  app.post(
    '/smart-carts/:id/order',
    route(
      'Place an order from a smart cart; idempotent with an Idempotency-Key header, as /orders',
      {
        params: SmartCartParams,
        body: PlaceOrderInput,
        // 200: the answer of an earlier request with the same Idempotency-Key.
        response: { 201: OrderDetail, 200: OrderDetail },
      },
    ),
    async (request, reply) => {
      const shopper = requireShopper(request);
      const { id } = request.params;
      const input = request.body;
      const idempotencyKey = idempotencyKeyOf(request);
      const { order, replayed } = await placeOnce(db, shopper, idempotencyKey, async (tx) => {
        await ownSmartCart(tx, shopper, id, true);
        const items = await smartCartItems(tx, id);
        return placeOrder(tx, shopper, input, {
          items,
          emptyMessage: 'This smart cart has no items',
          smartCartId: id,
          idempotencyKey,
        });
      });
      if (replayed) return reply.header('idempotent-replayed', 'true').status(200).send(order);
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/smart-carts/:id/orders/:orderId',
    route('An order placed from this smart cart', {
      params: SmartCartOrderParams,
      response: { 200: OrderDetail },
    }),
    async (request) => {
      const shopper = requireShopper(request);
      const { id, orderId } = request.params;
      const order = await readOrder(db, shopper, orderId);
      if (!order || order.smartCartId !== id)
        throw notFound(`No order ${orderId} from smart cart ${id}`);
      return order;
    },
  );
};
