import {
  ListParams,
  ShoppingList,
  ShoppingListCollection,
  ShoppingListInput,
} from '../../../shared/contracts/lists';
import type { ServicePlugin } from '../service';
import { badRequest, parse } from '../../http/errors';
import { newId, requireShopper } from '../orders/shopper';
import { listSummaries, ownList, readList } from './list-read';

const tags = ['shopping-lists'];
const MAX_LISTS = 100;

// Shopping lists themselves: list, create, read (with items and catalogue data), rename, delete.
export const listRoutes: ServicePlugin = async (app, { db }) => {
  app.get(
    '/lists',
    {
      config: {
        openapi: {
          summary: "The shopper's shopping lists, last changed first",
          tags,
          response: ShoppingListCollection,
        },
      },
    },
    async (request) => ({ items: await listSummaries(db, requireShopper(request)) }),
  );

  app.post(
    '/lists',
    {
      config: {
        openapi: {
          summary: 'Create a shopping list',
          tags,
          body: ShoppingListInput,
          response: ShoppingList,
          status: 201,
        },
      },
    },
    async (request, reply) => {
      const shopper = requireShopper(request);
      const { name } = parse(ShoppingListInput, request.body, 'shopping list');
      const list = await db.transaction(async (tx) => {
        const count = await tx.query<{ n: number }>(
          'select count(*)::int as n from shopping_lists where account_id = $1 and tenant_id = $2',
          [shopper.accountId, shopper.tenantId],
        );
        if (count.rows[0]!.n >= MAX_LISTS)
          throw badRequest(`At most ${MAX_LISTS} shopping lists: delete one first`);
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
    {
      config: {
        openapi: {
          summary: 'A shopping list with its items, product names, brands and prices',
          tags,
          params: ListParams,
          response: ShoppingList,
        },
      },
    },
    async (request) => {
      const shopper = requireShopper(request);
      const { listId } = parse(ListParams, request.params, 'path');
      return readList(db, shopper, listId);
    },
  );

  app.put(
    '/lists/:listId',
    {
      config: {
        openapi: {
          summary: 'Rename a shopping list',
          tags,
          params: ListParams,
          body: ShoppingListInput,
          response: ShoppingList,
        },
      },
    },
    async (request) => {
      const shopper = requireShopper(request);
      const { listId } = parse(ListParams, request.params, 'path');
      const { name } = parse(ShoppingListInput, request.body, 'shopping list');
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
    {
      config: {
        openapi: {
          summary: 'Delete a shopping list and its items',
          tags,
          params: ListParams,
          status: 204,
        },
      },
    },
    async (request, reply) => {
      const shopper = requireShopper(request);
      const { listId } = parse(ListParams, request.params, 'path');
      await db.transaction(async (tx) => {
        await ownList(tx, shopper, listId, true);
        await tx.query('delete from shopping_lists where id = $1', [listId]);
      });
      return reply.status(204).send();
    },
  );
};
