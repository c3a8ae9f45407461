import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(context?.parameters.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual([
      'query:cid:true',
      'query:isLoggedIn:true',
      'query:url:true',
    ]);
    expect(document.paths['/cms-api/pages/{pageId}']?.get?.parameters).toEqual([
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
});
