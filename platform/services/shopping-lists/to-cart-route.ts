import { ListParams, ListToCartInput, ToCartResult } from '../../../shared/contracts/lists';
import { badRequest } from '../../http/errors';
import { fillCart, fillReplay } from '../booking/cart-fill';
import { cartChangeKeyOf, changeCartOnce } from '../booking/cart-replay';
import { requireShopper } from '../orders/shopper';
import { routeSchemas, type ServicePlugin } from '../service';
import { ownList } from './list-read';

const route = routeSchemas('shopping-lists');

// A list into the cart (issue #29): all its items or the ones named, each in its unit and
// quantity, added to what the cart holds; what cannot be bought today is named in the answer.
// Once per Idempotency-Key (docs/decisions/0328): a replay answers what the first fill said.
export const toCartRoute: ServicePlugin = async (app, { db }) => {
  app.post(
    '/lists/:listId/to-cart',
    route(
      "Put a list's items (all, or those named by itemIds) into the caller's cart; unavailable ones are named. With an Idempotency-Key header, the same request again answers the first fill (Idempotent-Replayed: true) and adds nothing",
      { params: ListParams, body: ListToCartInput.nullish(), response: { 200: ToCartResult } },
    ),
    async (request, reply) => {
      const shopper = requireShopper(request);
      const { listId } = request.params;
      const wanted = request.body?.itemIds ? new Set(request.body.itemIds) : null;
      const cart = { tenantId: shopper.tenantId, principalId: shopper.accountId };
      const { answer, replayed } = await changeCartOnce(db, cartChangeKeyOf(request, shopper), {
        ...fillReplay(cart),
        run: async (tx) => {
          await ownList(tx, shopper, listId);
          const { rows } = await tx.query<{
            id: string;
            offering_id: string;
            quantity: number;
            by_case: boolean;
          }>(
            'select id, offering_id, quantity, by_case from shopping_list_items where list_id = $1 order by created_at, id',
            [listId],
          );
          const chosen = wanted ? rows.filter((row) => wanted.has(row.id)) : rows;
          if (wanted && chosen.length !== wanted.size)
            throw badRequest('No such item in this list');
          if (chosen.length === 0) throw badRequest('This list has no items');
          return fillCart(
            tx,
            cart,
            chosen.map((row) => ({
              offeringId: row.offering_id,
              quantity: row.quantity,
              byCase: row.by_case,
            })),
          );
        },
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return answer;
    },
  );
};
