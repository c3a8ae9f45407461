import { z } from 'zod';
import {
  SmartCart,
  SmartCartCollection,
  SmartCartInput,
  SmartCartParams,
  SmartCartUpdate,
  type SmartCartItemInput,
} from '../../../shared/contracts/lists';
import { routeSchemas, type ServicePlugin } from '../service';
import type { Queryable } from '../../db/db';
import { mergeItems } from '../orders/pricing';
import { newId, refuseBeyond, requireShopper } from '../orders/shopper';
import { requireOfferings } from '../shopping-lists/offering-view';
import { ownSmartCart, readSmartCart, smartCartSummaries } from './smart-cart-read';

const route = routeSchemas('smart-carts');
const MAX_SMART_CARTS = 50;

/** Replaces the items (same offering and unit added up); unknown offerings are a 400. */
async function replaceItems(
  tx: Queryable,
  tenantId: string,
  id: string,
  input: Required<SmartCartItemInput>[],
): Promise<void> {
  const items = mergeItems(input);
  await requireOfferings(
    tx,
    tenantId,
    items.map((i) => i.offeringId),
  );
  await tx.query('delete from smart_cart_items where smart_cart_id = $1', [id]);
  for (const [position, item] of items.entries()) {
    await tx.query(
      'insert into smart_cart_items (smart_cart_id, position, offering_id, quantity, by_case) values ($1, $2, $3, $4, $5)',
      [id, position, item.offeringId, Math.min(999, item.quantity), item.byCase],
    );
  }
}

// Smart carts: saved carts with a name, ordered again in one step (see smart-cart-order-routes).
export const smartCartRoutes: ServicePlugin = async (app, { db }) => {
  app.get(
    '/smart-carts',
    route("The shopper's smart carts, last changed first", {
      response: { 200: SmartCartCollection },
    }),
    async (request) => ({ items: await smartCartSummaries(db, requireShopper(request)) }),
  );

  app.post(
    '/smart-carts',
    route('Save a smart cart', {
      body: SmartCartInput,
      response: { 201: SmartCart },
    }),
    async (request, reply) => {
      const shopper = requireShopper(request);
      const input = request.body;
      const cart = await db.transaction(async (tx) => {
        await refuseBeyond(tx, shopper, 'smart_carts', MAX_SMART_CARTS, 'smart carts');
        const id = newId('sc');
        await tx.query(
          'insert into smart_carts (id, tenant_id, account_id, name) values ($1, $2, $3, $4)',
          [id, shopper.tenantId, shopper.accountId, input.name],
        );
        await replaceItems(tx, shopper.tenantId, id, input.items);
        return readSmartCart(tx, shopper, id);
      });
      return reply.status(201).send(cart);
    },
  );

  app.get(
    '/smart-carts/:id',
    route("A smart cart with its items at today's prices and its orders", {
      params: SmartCartParams,
      response: { 200: SmartCart },
    }),
    async (request) => {
      const shopper = requireShopper(request);
      const { id } = request.params;
      return readSmartCart(db, shopper, id);
    },
  );

  app.put(
    '/smart-carts/:id',
    route('Rename a smart cart or replace its items', {
      params: SmartCartParams,
      body: SmartCartUpdate,
      response: { 200: SmartCart },
    }),
    async (request) => {
      const shopper = requireShopper(request);
      const { id } = request.params;
      const update = request.body;
      return db.transaction(async (tx) => {
        await ownSmartCart(tx, shopper, id, true);
        if (update.items) await replaceItems(tx, shopper.tenantId, id, update.items);
        await tx.query(
          'update smart_carts set name = coalesce($2, name), updated_at = now() where id = $1',
          [id, update.name ?? null],
        );
        return readSmartCart(tx, shopper, id);
      });
    },
  );

  app.delete(
    '/smart-carts/:id',
    route('Delete a smart cart (its orders stay, unlinked)', {
      params: SmartCartParams,
      response: { 204: z.void() },
    }),
    async (request, reply) => {
      const shopper = requireShopper(request);
      const { id } = request.params;
      await db.transaction(async (tx) => {
        await ownSmartCart(tx, shopper, id, true);
        await tx.query('delete from smart_carts where id = $1', [id]);
      });
      return reply.status(204).send();
    },
  );
};
