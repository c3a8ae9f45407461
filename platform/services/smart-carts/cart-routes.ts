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
import { ownSmartCart, smartCartItems } from './smart-cart-read';
import { createSmartCart } from './smart-cart-store';

const route = routeSchemas('smart-carts');

// Smart carts and the cart (issue #29): the cart saved as a new smart cart, and a smart cart's
// items put into the cart (added to what is there; what cannot be bought today is named), once per
// Idempotency-Key (docs/decisions/0328).
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
};
