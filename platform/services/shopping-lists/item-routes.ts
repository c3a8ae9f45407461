import {
  ListItemParams,
  ListParams,
  ShoppingList,
  ShoppingListItemInput,
  ShoppingListItemUpdate,
} from '../../../shared/contracts/lists';
import { routeSchemas, type ServicePlugin } from '../service';
import type { Queryable } from '../../db/db';
import { badRequest, notFound } from '../../http/errors';
import { newId, requireShopper } from '../orders/shopper';
import { ownList, readList } from './list-read';
import { requireOfferings } from './offering-view';
import { MAX_LINE_QUANTITY } from '../../../shared/line-limits';

const route = routeSchemas('shopping-lists');
const MAX_ITEMS = 500;

const touch = (tx: Queryable, listId: string) =>
  tx.query('update shopping_lists set updated_at = now() where id = $1', [listId]);

// Items of a shopping list. Every change answers the whole list, so the screen redraws from it.
export const itemRoutes: ServicePlugin = async (app, { db }) => {
  app.post(
    '/lists/:listId/items',
    route(
      'Add an offering to a list, single or by case (adds up when it is already there in that unit)',
      {
        params: ListParams,
        body: ShoppingListItemInput,
        response: { 201: ShoppingList },
      },
    ),
    async (request, reply) => {
      const shopper = requireShopper(request);
      const { listId } = request.params;
      const item = request.body;
      const list = await db.transaction(async (tx) => {
        await ownList(tx, shopper, listId, true);
        await requireOfferings(tx, shopper.tenantId, [item.offeringId]);
        const existing = await tx.query<{ id: string; quantity: number }>(
          'select id, quantity from shopping_list_items where list_id = $1 and offering_id = $2 and by_case = $3',
          [listId, item.offeringId, item.byCase],
        );
        const found = existing.rows[0];
        if (found) {
          await tx.query(
            `update shopping_list_items set quantity = least(${MAX_LINE_QUANTITY}, quantity + $2),
             note = case when $3::text = '' then note else $3::text end where id = $1`,
            [found.id, item.quantity, item.note],
          );
        } else {
          const count = await tx.query<{ n: number }>(
            'select count(*)::int as n from shopping_list_items where list_id = $1',
            [listId],
          );
          if (count.rows[0]!.n >= MAX_ITEMS)
            throw badRequest(`A shopping list holds at most ${MAX_ITEMS} items`);
          await tx.query(
            `insert into shopping_list_items (id, list_id, offering_id, quantity, by_case, note, created_at)
           values ($1, $2, $3, $4, $5, $6, clock_timestamp())`,
            [newId('item'), listId, item.offeringId, item.quantity, item.byCase, item.note],
          );
        }
        await touch(tx, listId);
        return readList(tx, shopper, listId);
      });
      return reply.status(201).send(list);
    },
  );

  app.put(
    '/lists/:listId/items/:itemId',
    route("Change an item's quantity or note", {
      params: ListItemParams,
      body: ShoppingListItemUpdate,
      response: { 200: ShoppingList },
    }),
    async (request) => {
      const shopper = requireShopper(request);
      const { listId, itemId } = request.params;
      const update = request.body;
      return db.transaction(async (tx) => {
        await ownList(tx, shopper, listId, true);
        const { rows } = await tx.query(
          `update shopping_list_items set quantity = coalesce($3, quantity), note = coalesce($4, note)
         where id = $1 and list_id = $2 returning id`,
          [itemId, listId, update.quantity ?? null, update.note ?? null],
        );
        if (!rows[0]) throw notFound(`No item ${itemId} in this list`);
        await touch(tx, listId);
        return readList(tx, shopper, listId);
      });
    },
  );

  app.delete(
    '/lists/:listId/items/:itemId',
    route('Remove an item from a list', {
      params: ListItemParams,
      response: { 200: ShoppingList },
    }),
    async (request) => {
      const shopper = requireShopper(request);
      const { listId, itemId } = request.params;
      return db.transaction(async (tx) => {
        await ownList(tx, shopper, listId, true);
        const { rows } = await tx.query(
          'delete from shopping_list_items where id = $1 and list_id = $2 returning id',
          [itemId, listId],
        );
        if (!rows[0]) throw notFound(`No item ${itemId} in this list`);
        await touch(tx, listId);
        return readList(tx, shopper, listId);
      });
    },
  );
};
