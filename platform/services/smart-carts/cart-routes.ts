import {
  SmartCart,
  SmartCartFromCartInput,
  SmartCartParams,
  ToCartResult,
} from '../../../shared/contracts/lists';
import { badRequest } from '../../http/errors';
import { fillCart, fillReplay } from '../booking/cart-fill';
import { cartChangeKeyOf, changeCartOnce } from '../booking/cart-replay';
import { accountCart, readCart } from '../orders/cart';
import { requireShopper } from '../orders/shopper';
import { routeSchemas, type ServicePlugin } from '../service';
import { ownSmartCart, readSmartCart, smartCartItems } from './smart-cart-read';
import { addSmartCartItems, createSmartCart } from './smart-cart-store';

const route = routeSchemas('smart-carts');

// Smart carts and the cart (issue #29): the cart saved as a new smart cart or added to one (ADR
// 0371), and a smart cart's items put into the cart (added to what is there; what cannot be bought
// today is named). The two that add do so once per Idempotency-Key (docs/decisions/0328).
export const smartCartCartRoutes: ServicePlugin = async (app, { db }) => {
  app.post(
    '/smart-carts/from-cart',
    route("Save the caller's cart as a new smart cart (the cart is unchanged)", {
      body: SmartCartFromCartInput,
      response: { 201: SmartCart },
    }),
    async (request, reply) => {
      const shopper = requireShopper(request);
      const created = await db.transaction(async (tx) => {
        const cart = await readCart(tx, accountCart(shopper));
        if (cart.items.length === 0) throw badRequest('Your cart is empty: nothing to save');
        return createSmartCart(tx, shopper, { name: request.body.name, items: cart.items });
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/smart-carts/:id/to-cart',
    route(
      "Put a smart cart's items into the caller's cart; unavailable ones are named. With an Idempotency-Key header, the same request again answers the first fill (Idempotent-Replayed: true) and adds nothing",
      {
        params: SmartCartParams,
        response: { 200: ToCartResult },
      },
    ),
    async (request, reply) => {
      const shopper = requireShopper(request);
      const { id } = request.params;
      const cart = { tenantId: shopper.tenantId, principalId: shopper.accountId };
      const { answer, replayed } = await changeCartOnce(db, cartChangeKeyOf(request, shopper), {
        ...fillReplay(cart),
        run: async (tx) => {
          await ownSmartCart(tx, shopper, id);
          const items = await smartCartItems(tx, id);
          if (items.length === 0) throw badRequest('This smart cart has no items');
          return fillCart(tx, cart, items);
        },
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return answer;
    },
  );

  app.post(
    '/smart-carts/:id/add-cart',
    route(
      "Add the caller's cart to a smart cart (the cart is unchanged): an offering it holds in that unit adds up, to what a line holds; the others go after its items. With an Idempotency-Key header, the same request again adds nothing and answers the smart cart as it is (Idempotent-Replayed: true)",
      {
        params: SmartCartParams,
        response: { 200: SmartCart },
      },
    ),
    async (request, reply) => {
      const shopper = requireShopper(request);
      const { id } = request.params;
      const { answer, replayed } = await changeCartOnce(db, cartChangeKeyOf(request, shopper), {
        run: async (tx) => {
          // Someone else's smart cart is a 404 whatever their cart holds.
          await ownSmartCart(tx, shopper, id, true);
          const cart = await readCart(tx, accountCart(shopper));
          if (cart.items.length === 0) throw badRequest('Your cart is empty: nothing to add');
          await addSmartCartItems(tx, shopper.tenantId, id, cart.items);
          return readSmartCart(tx, shopper, id);
        },
        kept: () => ({}),
        replay: (tx) => readSmartCart(tx, shopper, id),
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return answer;
    },
  );
};
