import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PlatformConfig } from '../config';
import type { Db } from '../db/db';
import type { RouteAccess } from '../http/openapi-access';

// What every service plugin of the reference platform receives, in a module of its own so that
// services do not import `app.ts` (which imports every service) for a type.
export type ServiceOptions = { db: Db; config: PlatformConfig };

/** A service (or a part of one): routes declare zod schemas in `schema` (docs/decisions/0191). */
export type ServicePlugin = FastifyPluginAsyncZod<ServiceOptions>;

/** The Fastify instance a service's routes are added to, typed by its zod schemas. */
export type ServiceApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A service's route schemas under its OpenAPI tag, the summary first:
 * `const route = routeSchemas('profile', { auth: 'account' })`, then
 * `app.get(path, route('Summary', { params, response }), handler)`. `access` is what every route of
 * the file needs (its token, the shop header, extra 4xx: docs/decisions/0230); a route's schema
 * may say otherwise.
 */
export function routeSchemas(tag: string, access: RouteAccess = {}) {
  return <S extends FastifySchema>(summary: string, schema: S) => ({
    schema: { summary, tags: [tag], ...access, ...schema },
  });
}
