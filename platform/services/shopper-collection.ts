import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireShopper, type Shopper } from './orders/shopper';
import type { routeSchemas, ServiceApp } from './service';

/**
 * What a collection a shopper keeps (delivery addresses, cards, shopping lists, smart carts) does,
 * each operation with its OpenAPI summary; I and U are the zod schemas of what add and replace take. `read` is left out where the list already shows all.
 */
export type ShopperCollection<I extends z.ZodTypeAny, U extends z.ZodTypeAny = I> = {
  summaries: { list: string; add: string; read?: string; replace: string; remove: string };
  list(shopper: Shopper): Promise<unknown[]>;
  add(shopper: Shopper, input: z.output<I>): Promise<unknown>;
  read?(shopper: Shopper, id: string): Promise<unknown>;
  replace(shopper: Shopper, id: string, update: z.output<U>): Promise<unknown>;
  remove(shopper: Shopper, id: string): Promise<void>;
};

type CollectionSpec<I extends z.ZodTypeAny, U extends z.ZodTypeAny> = {
  route: ReturnType<typeof routeSchemas>;
  /** The collection's path; an item's is `${path}/:<the one key of params>`. */
  path: string;
  params: z.ZodObject<{ [key: string]: z.ZodString }>;
  /** The schemas of the list's answer (`{ items }`), of one item, of what add (and replace) take. */
  list: z.ZodTypeAny;
  item: z.ZodTypeAny;
  input: I;
  update?: U;
  store: ShopperCollection<I, U>;
};

/**
 * The routes of a shopper's collection, one declaration for all of them: list (200 `{ items }`),
 * add (201), read, replace (200 with the item) and delete (204), each for the signed-in shopper
 * only (401 otherwise); the store answers 404 for an id that is not the shopper's.
 */
export function shopperCollection<I extends z.ZodTypeAny, U extends z.ZodTypeAny = I>(
  app: ServiceApp,
  { route, path, params, list, item, input, update, store }: CollectionSpec<I, U>,
): void {
  const [idKey] = Object.keys(params.shape);
  const itemPath = `${path}/:${idKey}`;
  const idOf = (request: FastifyRequest) => (request.params as Record<string, string>)[idKey!]!;
  const { summaries } = store;

  app.get(path, route(summaries.list, { response: { 200: list } }), async (request) => ({
    items: await store.list(requireShopper(request)),
  }));
  app.post(
    path,
    route(summaries.add, { body: input, response: { 201: item } }),
    async (request, reply) =>
      reply.status(201).send(await store.add(requireShopper(request), request.body as z.output<I>)),
  );
  const { read } = store;
  if (read) {
    app.get(itemPath, route(summaries.read ?? '', { params, response: { 200: item } }), (request) =>
      read(requireShopper(request), idOf(request)),
    );
  }
  app.put(
    itemPath,
    route(summaries.replace, {
      params,
      body: update ?? input,
      response: { 200: item },
    }),
    (request) => store.replace(requireShopper(request), idOf(request), request.body as z.output<U>),
  );
  app.delete(
    itemPath,
    route(summaries.remove, { params, response: { 204: z.void() } }),
    async (request, reply) => {
      await store.remove(requireShopper(request), idOf(request));
      return reply.status(204).send();
    },
  );
}
