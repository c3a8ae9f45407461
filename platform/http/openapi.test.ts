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
    ]);
    expect(put.requestBody).toMatchObject({
      content: { 'application/json': { schema: { required: ['name'] } } },
    });
    expect(put.responses).toMatchObject({
      200: { content: { 'application/json': { schema: { required: ['name'] } } } },
      404: { content: { 'application/json': { schema: { required: ['error'] } } } },
      400: { description: 'Error' },
    });
    expect(Object.keys(paths['/lists/{listId}']!)).toEqual(['put']);
    // Undeclared routes are listed all the same, with path parameters read from the path.
    expect(paths['/healthz']!.get!.summary).toBe('GET /healthz');
    expect(paths['/healthz']!.get!.responses).toMatchObject({ 200: { description: 'Success' } });
  });
});
