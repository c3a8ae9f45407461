import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, toOpenApiPath } from './openapi';

describe('OpenAPI document', () => {
  it('turns Fastify paths into OpenAPI paths', () => {
    expect(toOpenApiPath('/cms-api/pages/:pageId')).toBe('/cms-api/pages/{pageId}');
    expect(toOpenApiPath('/products/*')).toBe('/products/{path}');
  });

  it('describes parameters, query and body (input side) and answers (output side) from the route schemas', () => {
    const document = buildOpenApiDocument([
      {
        method: 'PUT',
        url: '/lists/:listId',
        doc: {
          summary: 'Rename a list',
          tags: ['lists'],
          params: z.object({ listId: z.string() }),
          querystring: z.object({
            page: z.coerce.number().int().default(1),
            q: z.string().optional(),
          }),
          body: z.object({ name: z.string().trim().min(1) }),
          response: { 200: z.object({ name: z.string() }), 404: z.object({ error: z.string() }) },
        },
      },
      { method: 'HEAD', url: '/lists/:listId' },
      { method: 'GET', url: '/healthz' },
    ]);
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
    const put = paths['/lists/{listId}']!.put!;
    expect(put.summary).toBe('Rename a list');
    expect(put.parameters).toEqual([
      { name: 'listId', in: 'path', required: true, schema: { type: 'string' } },
      expect.objectContaining({ name: 'page', in: 'query', required: false }),
      expect.objectContaining({ name: 'q', in: 'query', required: false }),
      { $ref: '#/components/parameters/Shop' },
      { $ref: '#/components/parameters/CorrelationId' },
      { $ref: '#/components/parameters/ClientName' },
    ]);
    expect(put.requestBody).toMatchObject({
      content: { 'application/json': { schema: { required: ['name'] } } },
    });
    expect(put.responses).toMatchObject({
      200: { content: { 'application/json': { schema: { required: ['name'] } } } },
      404: { content: { 'application/json': { schema: { required: ['error'] } } } },
      400: { description: expect.stringMatching(/^Invalid request/) },
    });
    expect(Object.keys(paths['/lists/{listId}']!)).toEqual(['put']);
    // Undeclared routes are listed all the same, with path parameters read from the path.
    expect(paths['/healthz']!.get!.summary).toBe('GET /healthz');
    expect(paths['/healthz']!.get!.responses).toMatchObject({ 200: { description: 'Success' } });
  });

  it('names each operation and says which token, shop header and 4xx answers it has (ADR 0230)', () => {
    const document = buildOpenApiDocument([
      {
        method: 'GET',
        url: '/api/services/booking-ms/api/v1/cart/:tenantId',
        doc: { tags: ['booking-ms'], auth: 'principal', errors: [403] },
      },
      {
        method: 'POST',
        url: '/cms-api/pages',
        doc: { tags: ['cms'], shop: true, body: z.object({ a: z.string() }) },
      },
      {
        method: 'GET',
        url: '/cms-api/context',
        doc: {
          tags: ['cms'],
          auth: 'optional',
          answers: {
            200: {
              description: 'A string',
              contentType: 'application/json',
              schema: { type: 'string' },
            },
          },
        },
      },
      { method: 'POST', url: '/envelope/', doc: { hide: true } },
    ]);
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
    const cart = paths['/api/services/booking-ms/api/v1/cart/{tenantId}']!.get!;
    expect(cart.operationId).toBe('bookingMsGetCartByTenantId');
    expect(cart.security).toEqual([{ bearer: [] }, { accessTokenCookie: [] }]);
    expect(Object.keys(cart.responses as object)).toEqual(['200', '400', '401', '403', '404']);
    const pages = paths['/cms-api/pages']!.post!;
    expect(pages.security).toEqual([]);
    expect(Object.keys(pages.responses as object)).toEqual(['200', '400', '413', '421']);
    expect(pages.parameters).toContainEqual({ $ref: '#/components/parameters/ShopRequired' });
    const context = paths['/cms-api/context']!.get!;
    expect(context.security).toEqual([{}, { bearer: [] }, { accessTokenCookie: [] }]);
    expect(context.responses).toMatchObject({
      200: { content: { 'application/json': { schema: { type: 'string' } } } },
    });
    expect(paths['/envelope/']).toBeUndefined();
  });
});
