import {
  GuestAccountCreated,
  GuestAccountInput,
  GuestOrderInput,
} from '../../../shared/contracts/guest-orders';
import { OrderDetail, OrderParams } from '../../../shared/contracts/orders';
import { notFound } from '../../http/errors';
import { routeSchemas, type ServicePlugin } from '../service';
import { accountFromGuestOrder } from './guest-account';
import { placeGuestOrder } from './guest-place';
import { idempotencyKeyOf } from './idempotency';
import { readGuestOrder } from './order-read';
import { requireGuest } from './shopper';

// A guest session's token (403 for a signed-in one); 409 when the order has moved to an account.
const route = routeSchemas('orders', { auth: 'principal', errors: [403, 409] });

// Guest checkout (issue #29 item 2): place the guest session's cart, read the order back, make an
// account from it. A signed-in caller is refused (403): its checkout is POST /orders.
export const guestOrderRoutes: ServicePlugin = async (app, { db }) => {
  app.post(
    '/guest-orders',
    route(
      "Place a guest session's cart as an order with an e-mail, an address and a card; idempotent with an Idempotency-Key header, as /orders",
      { body: GuestOrderInput, response: { 201: OrderDetail, 200: OrderDetail } },
    ),
    async (request, reply) => {
      const guest = requireGuest(request);
      const key = idempotencyKeyOf(request);
      const { order, replayed } = await placeGuestOrder(db, guest, request.body, key);
      if (replayed) return reply.header('idempotent-replayed', 'true').status(200).send(order);
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/guest-orders/:id',
    route('An order of the guest session (until it moves to an account)', {
      params: OrderParams,
      response: { 200: OrderDetail },
    }),
    async (request) => {
      const guest = requireGuest(request);
      const order = await readGuestOrder(db, guest, request.params.id);
      if (!order) throw notFound(`No guest order ${request.params.id}`);
      return order;
    },
  );

  app.post(
    '/guest-orders/:id/account',
    route(
      'Create an account from a guest order (its e-mail; activation by e-mail); the order moves to it. 409 when the e-mail has an account',
      { params: OrderParams, body: GuestAccountInput, response: { 201: GuestAccountCreated } },
    ),
    async (request, reply) => {
      const guest = requireGuest(request);
      const created = await accountFromGuestOrder(db, guest, request.params.id, request.body);
      return reply.status(201).send(created);
    },
  );
};
