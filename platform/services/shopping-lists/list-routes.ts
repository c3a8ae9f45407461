import { z } from 'zod';
import {
  ListParams,
  ShoppingList,
  ShoppingListCollection,
  ShoppingListInput,
} from '../../../shared/contracts/lists';
import type { ServicePlugin } from '../service';
import { badRequest } from '../../http/errors';
import { newId, requireShopper } from '../orders/shopper';
import { listSummaries, ownList, readList } from './list-read';

const tags = ['shopping-lists'];
const MAX_LISTS = 100;

// Shopping lists themselves: list, create, read (with items and catalogue data), rename, delete.
export const listRoutes: ServicePlugin = async (app, { db }) => {
  app.get(
    '/lists',
    {
      schema: {
        summary: "The shopper's shopping lists, last changed first",
        tags,
        response: { 200: ShoppingListCollection },
      },
    },
    async (request) => ({ items: await listSummaries(db, requireShopper(request)) }),
  );

  app.post(
    '/lists',
    {
      schema: {
        summary: 'Create a shopping list',
        tags,
        body: ShoppingListInput,
        response: { 201: ShoppingList },
      },
    },
    async (request, reply) => {
      const shopper = requireShopper(request);
      const { name } = request.body;
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
      schema: {
        summary: 'A shopping list with its items, product names, brands and prices',
        tags,
        params: ListParams,
        response: { 200: ShoppingList },
      },
    },
    async (request) => {
      const shopper = requireShopper(request);
      const { listId } = request.params;
      return readList(db, shopper, listId);
    },
  );

  app.put(
    '/lists/:listId',
    {
      schema: {
        summary: 'Rename a shopping list',
        tags,
        params: ListParams,
        body: ShoppingListInput,
        response: { 200: ShoppingList },
      },
    },
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
    {
      schema: {
        summary: 'Delete a shopping list and its items',
        tags,
        params: ListParams,
        response: { 204: z.void() },
      },
    },
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
