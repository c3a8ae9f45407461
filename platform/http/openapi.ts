import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

// The platform's OpenAPI document, built from each route's `schema`: the zod schemas Fastify
// validates the request and serializes the answer with (fastify-type-provider-zod), plus a
// `summary` and `tags` (docs/decisions/0191). Routes without a schema are still listed, so nothing
// the platform serves is missing from the document.
export type RouteDoc = {
  summary?: string;
  tags?: readonly string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Answers by status; `z.void()` for one without a body (204). */
  response?: Record<number | string, z.ZodType>;
};

declare module 'fastify' {
  interface FastifySchema {
    /** The operation's summary in the OpenAPI document. */
    summary?: string;
    /** The operation's tags (its service) in the OpenAPI document. */
    tags?: readonly string[];
  }
}

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;
type CollectedRoute = { method: string; url: string; doc?: RouteDoc };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** JSON Schema of a zod schema: as a client sends it (input), or as the platform answers (output). */
function toSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** `/pages/:pageId` → `/pages/{pageId}`; a wildcard becomes `{path}`. */
export function toOpenApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');
}

function parameters(
  where: 'path' | 'query',
  schema: z.ZodType | undefined,
  url: string,
): JsonSchema[] {
  if (!schema) {
    if (where === 'query') return [];
    return [...url.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
  }
  const json = toSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

function success(status: string, schema: z.ZodType | undefined): JsonSchema {
  if (!schema || schema instanceof z.ZodVoid)
    return { description: status === '204' ? 'No content' : 'Success' };
  return {
    description: status.startsWith('2') ? 'Success' : 'Error',
    content: { 'application/json': { schema: toSchema(schema, 'output') } },
  };
}

function operation(route: CollectedRoute): Operation {
  const doc = route.doc;
  const error = {
    description: 'Error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  const answers = Object.entries(doc?.response ?? { 200: undefined });
  return {
    summary: doc?.summary ?? `${route.method} ${route.url}`,
    tags: doc?.tags ?? ['platform'],
    parameters: [
      ...parameters('path', doc?.params, route.url),
      ...parameters('query', doc?.querystring, route.url),
    ],
    ...(doc?.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(doc.body) } },
          },
        }
      : {}),
    responses: {
      '400': error,
      ...(route.url.includes(':') ? { '404': error } : {}),
      ...Object.fromEntries(answers.map(([status, schema]) => [status, success(status, schema)])),
    },
  };
}

export function buildOpenApiDocument(routes: readonly CollectedRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const method = route.method.toLowerCase();
    if (!METHODS.has(method)) continue;
    const path = toOpenApiPath(route.url);
    (paths[path] ??= {})[method] = operation(route);
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Storefront reference platform',
      version: '1.0.0',
      description:
        'Every upstream service of the shop (cms, uaa, booking-ms, catalogue, orders, shopping-lists, ' +
        'smart-carts, profile). The shop is chosen by the X-Domain-Origin header; the caller by ' +
        '`Authorization: Bearer <access token>` (or the access_token cookie).',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          description:
            'Services answer { error: { code, message } }; uaa answers { error, error_description }.',
          oneOf: [
            {
              type: 'object',
              properties: {
                error: {
                  type: 'object',
                  properties: { code: { type: 'string' }, message: { type: 'string' } },
                },
              },
            },
            {
              type: 'object',
              properties: { error: { type: 'string' }, error_description: { type: 'string' } },
            },
          ],
        },
      },
    },
    paths: sorted,
  };
}

/** Collects every route registered after it and serves GET /openapi.json. */
export function registerOpenApi(app: FastifyInstance): void {
  const routes: CollectedRoute[] = [];
  let document: Record<string, unknown> | null = null;
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url === '/openapi.json') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routes.push({ method, url: route.url, doc: route.schema as RouteDoc | undefined });
  });
  app.get(
    '/openapi.json',
    { schema: { summary: 'This document', tags: ['platform'] } },
    async () => {
      // Built once, on first request: every route is registered by then.
      document ??= buildOpenApiDocument(routes);
      return document;
    },
  );
}
