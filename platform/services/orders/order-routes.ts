import {
  OrderDetail,
  OrderListQuery,
  OrderPage,
  OrderParams,
  OrderQuote,
  PlaceOrderInput,
  QuoteInput,
} from '../../../shared/contracts/orders';
import { routeSchemas, type ServicePlugin } from '../service';
import { notFound } from '../../http/errors';
import { accountCart, emptyCart, readCart } from './cart';
import { readOrder, orderSummaries } from './order-read';
import { idempotencyKeyOf, placeOnce } from './idempotency';
import { placeOrder } from './place-order';
import { quoteItems } from './quote';
import { requireCartOwner, requireShopper } from './shopper';

const route = routeSchemas('orders');

// Checkout and order history: the quote of the cart, placing an order from it, the list, one order.
export const orderRoutes: ServicePlugin = async (app, { db }) => {
  app.post(
    '/orders/quote',
    route("Totals of the caller's cart, a guest's too (prices from the shop, not the client)", {
      auth: 'principal',
      // No body at all: the quote without a slot.
      body: QuoteInput.nullish(),
      response: { 200: OrderQuote },
    }),
    async (request): Promise<OrderQuote> => {
      const shopper = requireCartOwner(request);
      const cart = await readCart(db, shopper);
      return quoteItems(db, shopper.tenantId, cart.items, request.body ?? {});
    },
  );

  app.post(
    '/orders',
    route(
      'Place an order from the cart; with an Idempotency-Key header, a repeated request answers the first order (200, Idempotent-Replayed: true)',
      {
        // A delivery slot full or past its cut-off (ADR 0230); a total not the expected one (0319).
        errors: [409],
        body: PlaceOrderInput,
        response: { 201: OrderDetail, 200: OrderDetail },
      },
    ),
    async (request, reply) => {
      const shopper = requireShopper(request);
      const input = request.body;
      const idempotencyKey = idempotencyKeyOf(request);
      const { order, replayed } = await placeOnce(db, shopper, idempotencyKey, async (tx) => {
        const cart = await readCart(tx, accountCart(shopper), true);
        const orderId = await placeOrder(tx, shopper, input, {
          items: cart.items,
          emptyMessage: 'Your cart is empty',
          idempotencyKey,
        });
        await emptyCart(tx, cart.cartUid!);
        return orderId;
      });
      // A replay answers the first order: 200 and Idempotent-Replayed instead of 201.
      if (replayed) return reply.header('idempotent-replayed', 'true').status(200).send(order);
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/orders',
    route("The shopper's orders, newest first", {
      querystring: OrderListQuery,
      response: { 200: OrderPage },
    }),
    async (request): Promise<OrderPage> => {
      const shopper = requireShopper(request);
      const { page, pageSize } = request.query;
      const { items, total } = await orderSummaries(db, shopper, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { items, total, page, pageSize };
    },
  );

  app.get(
    '/orders/:id',
    route('One order: lines, totals, address, slot, payment, cut-off', {
      params: OrderParams,
      response: { 200: OrderDetail },
    }),
    async (request): Promise<OrderDetail> => {
      const shopper = requireShopper(request);
      const { id } = request.params;
      const order = await readOrder(db, shopper, id);
      if (!order) throw notFound(`No order ${id}`);
      return order;
    },
  );
};
