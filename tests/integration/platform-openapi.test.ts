import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApi } from '../../scripts/api/redocly-lint';
import { startPlatform, type TestPlatform } from '../support/platform';

// GET /openapi.json lists every route the platform serves, with the schemas the routes validate with.
let platform: TestPlatform;
let document: { openapi: string; paths: Record<string, Record<string, Operation>> };
type Operation = {
  summary: string;
  tags: string[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: {
    content: {
      'application/json': { schema: { properties?: Record<string, unknown>; required?: string[] } };
    };
  };
};

beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
  const response = await fetch(`${platform.url}/openapi.json`);
  expect(response.status).toBe(200);
  document = await response.json();
});
afterAll(() => platform.close());

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists the core services with their schemas', () => {
    expect(document.openapi).toBe('3.1.0');
    const signIn = document.paths['/api/services/uaa/api/v1/auth/sign-in']?.post;
    expect(signIn?.tags).toEqual(['uaa']);
    expect(signIn?.requestBody?.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
    const context = document.paths['/cms-api/context']?.get;
    const own = context?.parameters.filter((p) => p.in !== undefined);
    expect(own?.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual([
      'query:cid:true',
      'query:isLoggedIn:true',
      'query:url:true',
    ]);
    expect(document.paths['/cms-api/pages/{pageId}']?.get?.parameters.filter((p) => p.in)).toEqual([
      expect.objectContaining({ name: 'pageId', in: 'path', required: true }),
    ]);
  });

  it('describes every route the platform serves with a summary and a tag', () => {
    const undocumented: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (
          operation.summary === `${method.toUpperCase()} ${path}` ||
          operation.tags[0] === undefined
        ) {
          undocumented.push(`${method.toUpperCase()} ${path}`);
        }
        const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect(
          operation.parameters
            .filter((p) => p.in === 'path')
            .map((p) => p.name)
            .sort(),
          `${method} ${path}`,
        ).toEqual(pathParams.sort());
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('passes redocly lint (recommended) with 0 errors and names every operation (ADR 0230)', async () => {
    // The document as the running platform serves it, written to a temporary file and linted.
    const report = await lintOpenApi(document);
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(report.errors).toBe(0);
    const operations = Object.values(document.paths).flatMap((ops) => Object.values(ops));
    const ids = operations.map((o) => (o as { operationId?: string }).operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares the bearer scheme, the shop header and the 4xx each operation can answer', () => {
    type Full = Operation & {
      security: Record<string, string[]>[];
      responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
      parameters: { $ref?: string }[];
    };
    const op = (path: string, method: string) => document.paths[path]![method] as Full;
    const orders = op('/api/services/orders/api/v1/orders', 'get');
    expect(orders.security).toContainEqual({ bearer: [] });
    expect(Object.keys(orders.responses)).toContain('401');
    const search = op('/api/services/catalogue/api/v1/search', 'get');
    expect(search.security).toEqual([]);
    expect(search.parameters).toContainEqual({ $ref: '#/components/parameters/ShopRequired' });
    expect(Object.keys(search.responses)).toContain('421');
    expect(
      Object.keys(op('/api/services/uaa/api/v1/account/identities/{id}', 'delete').responses),
    ).toContain('409');
    expect(
      Object.keys(
        op('/api/services/booking-ms/api/v1/bookings/cart/tenant/{tenantId}', 'get').responses,
      ),
    ).toEqual(expect.arrayContaining(['401', '403', '404']));
    // The context answer is described: a JSON string whose content is the context.
    const context = op('/cms-api/context', 'get');
    expect(context.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: { required: expect.arrayContaining(['cid', 'tenant']) },
    });
  });
});
