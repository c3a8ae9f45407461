import { z } from 'zod';
import {
  ListParams,
  ShoppingList,
  ShoppingListCollection,
  ShoppingListInput,
} from '../../../shared/contracts/lists';
import { routeSchemas, type ServicePlugin } from '../service';
import { newId, refuseBeyond, requireShopper } from '../orders/shopper';
import { listSummaries, ownList, readList } from './list-read';

const route = routeSchemas('shopping-lists');
const MAX_LISTS = 100;

// Shopping lists themselves: list, create, read (with items and catalogue data), rename, delete.
export const listRoutes: ServicePlugin = async (app, { db }) => {
  app.get(
    '/lists',
    route("The shopper's shopping lists, last changed first", {
      response: { 200: ShoppingListCollection },
    }),
    async (request) => ({ items: await listSummaries(db, requireShopper(request)) }),
  );

  app.post(
    '/lists',
    route('Create a shopping list', {
      body: ShoppingListInput,
      response: { 201: ShoppingList },
    }),
    async (request, reply) => {
      const shopper = requireShopper(request);
      const { name } = request.body;
      const list = await db.transaction(async (tx) => {
        await refuseBeyond(tx, shopper, 'shopping_lists', MAX_LISTS, 'shopping lists');
        const id = newId('list');
        await tx.query(
          'insert into shopping_lists (id, tenant_id, account_id, name) values ($1, $2, $3, $4)',
          [id, shopper.tenantId, shopper.accountId, name],
        );
        return readList(tx, shopper, id);
      });
      return reply.status(201).send(list);
    },
  );

  app.get(
    '/lists/:listId',
    route('A shopping list with its items, product names, brands and prices', {
      params: ListParams,
      response: { 200: ShoppingList },
    }),
    async (request) => {
      const shopper = requireShopper(request);
      const { listId } = request.params;
      return readList(db, shopper, listId);
    },
  );

  app.put(
    '/lists/:listId',
    route('Rename a shopping list', {
      params: ListParams,
      body: ShoppingListInput,
      response: { 200: ShoppingList },
    }),
    async (request) => {
      const shopper = requireShopper(request);
      const { listId } = request.params;
      const { name } = request.body;
      return db.transaction(async (tx) => {
        await ownList(tx, shopper, listId, true);
        await tx.query('update shopping_lists set name = $2, updated_at = now() where id = $1', [
          listId,
          name,
        ]);
        return readList(tx, shopper, listId);
      });
    },
  );

  app.delete(
    '/lists/:listId',
    route('Delete a shopping list and its items', {
      params: ListParams,
      response: { 204: z.void() },
    }),
    async (request, reply) => {
      const shopper = requireShopper(request);
      const { listId } = request.params;
      await db.transaction(async (tx) => {
        await ownList(tx, shopper, listId, true);
        await tx.query('delete from shopping_lists where id = $1', [listId]);
      });
      return reply.status(204).send();
    },
  );
};
