import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { jsonSchema, type JsonSchema } from '../../shared/json-schema';
import { CLIENT_ERROR_CODES, codeOfStatus } from '../../shared/error-codes';
import { operationIdOf } from '../../shared/upstream/operation-id';
import {
  COMPONENT_PARAMETERS,
  ERROR_DESCRIPTIONS,
  errorStatuses,
  headerParameters,
  SECURITY_SCHEMES,
  securityOf,
  type RouteAccess,
} from './openapi-access';

// The platform's OpenAPI document, built from each route's `schema`: the zod schemas Fastify
// validates the request and serializes the answer with (fastify-type-provider-zod), plus a
// `summary` and `tags` (docs/decisions/0191), and who may call it (`auth`, `shop`, `errors`:
// docs/decisions/0230). Routes without a schema are still listed, so nothing the platform serves is
// missing from the document.
export type RouteDoc = RouteAccess & {
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
    auth?: RouteAccess['auth'];
    shop?: RouteAccess['shop'];
    errors?: RouteAccess['errors'];
    answers?: RouteAccess['answers'];
    hide?: RouteAccess['hide'];
  }
}

type Operation = Record<string, unknown>;
type CollectedRoute = { method: string; url: string; doc?: RouteDoc };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

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
  const json = jsonSchema(schema, 'input');
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
    content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
  };
}

function operation(route: CollectedRoute): Operation {
  const doc = route.doc ?? {};
  const tag = doc.tags?.[0] ?? 'platform';
  const errors = errorStatuses(route.method, route.url, doc, Boolean(doc.body));
  const answers = Object.entries(doc.response ?? (doc.answers ? {} : { 200: undefined }));
  const described = Object.entries(doc.answers ?? {}).map(([status, answer]) => [
    status,
    {
      description: answer.description,
      content: { [answer.contentType]: answer.schema ? { schema: answer.schema } : {} },
    },
  ]);
  return {
    operationId: operationIdOf(route.method, toOpenApiPath(route.url), tag),
    summary: doc.summary ?? `${route.method} ${route.url}`,
    tags: doc.tags ?? ['platform'],
    security: securityOf(doc),
    parameters: [
      ...parameters('path', doc.params, route.url),
      ...parameters('query', doc.querystring, route.url),
      ...headerParameters(doc),
    ],
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(doc.body, 'input') } },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        errors.map((status) => [
          String(status),
          {
            description: ERROR_DESCRIPTIONS[status] ?? 'Error',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
      ...Object.fromEntries(answers.map(([status, schema]) => [status, success(status, schema)])),
      ...Object.fromEntries(described),
    },
  };
}

/** `400 bad_request, 401 unauthorized, …`: the statuses' codes (shared/error-codes.ts). */
const codeTable = () =>
  Object.entries({ ...CLIENT_ERROR_CODES, 500: codeOfStatus(500), 501: codeOfStatus(501) })
    .map(([status, code]) => `${status} ${code}`)
    .join(', ');

export function buildOpenApiDocument(routes: readonly CollectedRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const method = route.method.toLowerCase();
    if (!METHODS.has(method) || route.doc?.hide) continue;
    const path = toOpenApiPath(route.url);
    (paths[path] ??= {})[method] = operation(route);
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Storefront reference platform',
      version: '1.3.0',
      license: { name: 'UNLICENSED', identifier: 'LicenseRef-Proprietary' },
      description:
        'Every upstream service of the shop (cms, uaa, booking-ms, catalogue, orders, shopping-lists, ' +
        'smart-carts, profile). The shop is chosen by the X-Domain-Origin header; the caller by ' +
        '`Authorization: Bearer <access token>` (or the access_token cookie). Each operation says ' +
        'which token it needs (`security`), whether the shop header is required (421 otherwise) ' +
        'and every 4xx it may answer. A method a path does not take is a 405 whose Allow header ' +
        'names those it takes; one no route takes anywhere (PROPFIND, PURGE, an unknown token) a ' +
        '501 `not_implemented`, whatever the path. `OPTIONS *` answers 200 with no content, its ' +
        'Allow naming every method the routes take.',
    },
    servers: [{ url: '/', description: 'This platform' }],
    components: {
      securitySchemes: SECURITY_SCHEMES,
      parameters: COMPONENT_PARAMETERS,
      schemas: {
        Error: {
          description:
            'Services answer { error: { code, message, cid } }, the code the status’s as the gateway ' +
            `names it (${codeTable()}; any other 4xx bad_request) unless one says more ` +
            '(`order_too_large`, `total_changed`); uaa answers { error, error_description, cid } ' +
            '(OAuth style: invalid_request, invalid_grant, invalid_token, …).',
          oneOf: [
            {
              type: 'object',
              required: ['error'],
              properties: {
                error: {
                  type: 'object',
                  required: ['code', 'message'],
                  properties: {
                    code: { type: 'string' },
                    message: { type: 'string' },
                    cid: { type: 'string' },
                  },
                },
              },
            },
            {
              type: 'object',
              required: ['error'],
              properties: {
                error: { type: 'string' },
                error_description: { type: 'string' },
                cid: { type: 'string' },
              },
            },
          ],
        },
      },
    },
    paths: sorted,
  };
}

/** What every route of a service needs unless its schema says otherwise, by the service's prefix. */
export type ServiceAccess = { prefix: string; access: RouteAccess };

/**
 * Collects every route registered after it and serves GET /openapi.json. A route's access is its
 * service's (`services`), then its file's (`routeSchemas`), then its own schema's.
 */
export function registerOpenApi(
  app: FastifyInstance,
  services: readonly ServiceAccess[] = [],
): void {
  const routes: CollectedRoute[] = [];
  let document: Record<string, unknown> | null = null;
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url === '/openapi.json') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const service = services.find((s) => route.url.startsWith(s.prefix + '/'));
    const doc = { ...service?.access, ...(route.schema as RouteDoc | undefined) };
    for (const method of methods) routes.push({ method, url: route.url, doc });
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
