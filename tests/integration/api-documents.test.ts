import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { API_DOCUMENTS } from '../../scripts/api/documents';
import { lintOpenApi } from '../../scripts/api/redocly-lint';
import { startEndpointGateway } from '../support/endpoint-gateway';

// docs/api/*.openapi.json (ADRs 0231, 0232): what `npm run api:check` checks, in the suite that
// `npm test` runs. The committed documents are the generated ones, and redocly's `recommended`
// rules find no error in them.
type Schema = {
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
};
type Document = {
  info: { version: string };
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        tags?: string[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
};
/** A form's fields, through intersections (allOf). */
const fieldsOf = (schema: Schema): Record<string, Schema> =>
  Object.assign({}, schema.properties, ...(schema.allOf ?? []).map(fieldsOf)) as Record<
    string,
    Schema
  >;
/** The forms of a form schema: itself, or every form of a union. */
const formsOf = (schema: Schema): Schema[] =>
  schema.anyOf || schema.oneOf
    ? [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(formsOf)
    : [{ properties: fieldsOf(schema) }];
const read = async (file: string) =>
  JSON.parse(await readFile(new URL(`../../${file}`, import.meta.url), 'utf8')) as Document;

describe('the API documents', () => {
  for (const { file, build } of API_DOCUMENTS) {
    it(`${file} is the generated document`, async () => {
      expect(await read(file)).toEqual(JSON.parse(JSON.stringify(await build())));
    });
    it(`${file} passes redocly lint (recommended) with 0 errors`, async () => {
      const report = await lintOpenApi(file);
      expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    });
  }

  it('the gateway document names its endpoints', async () => {
    const document = await read('docs/api/gateway.openapi.json');
    const named = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(named).toEqual(
      expect.arrayContaining([
        'POST /auth/sign-in',
        'POST /auth/sign-out',
        'POST /auth/guest',
        'GET /auth/session',
        'GET /auth/social/{id}/callback',
        'POST /social-login',
        'GET /healthz',
        'GET /readyz',
        'POST /monitoring',
        'POST /internal/cache/purge',
        'GET /api/services/{service}/{path}',
        'POST /api/services/{service}/{path}',
        'POST /cart',
        'POST /checkout',
        'POST /checkout/guest',
        'POST /shopping-lists',
        'POST /profile',
        'POST /profile/reset/{resetKey}',
        'POST /smart-carts/{id}',
        'POST /orders/{orderId}',
        'GET /products/{slug}',
        'OPTIONS /api/services/{service}/{path}',
      ]),
    );
  });

  it('names every route the gateway registers (ADR 0312)', async () => {
    // Every endpoint on, as an operator may have them: the purge, the tunnel, the public document.
    const gw = await startEndpointGateway({
      CACHE_PURGE_TOKEN: 'p'.repeat(40),
      SENTRY_PUBLIC_DSN: 'http://publickey@127.0.0.1:9/42',
      OPENAPI_PUBLIC: 'true',
    });
    const routes = gw.app.printRoutes({ commonPrefix: false });
    await gw.close();
    const document = await read('docs/api/gateway.openapi.json');
    // The pages (`*`, from the route table), the build's own files and the document itself.
    const undocumented = new Set(['*', '/builds/latest.json', '/openapi.json']);
    const registered = [...routes.matchAll(/[├└]── (\S+) \(([A-Z, ]+)\)/g)]
      .filter(([, path]) => !undocumented.has(path!))
      .flatMap(([, path, methods]) =>
        methods!
          .split(', ')
          .filter((method) => method !== 'HEAD')
          .map((method) => `${method} ${path!.replace(/:(\w+)/g, '{$1}')}`),
      );
    expect(registered.length).toBeGreaterThanOrEqual(12);
    const missing = registered.filter((route) => {
      const [method, path] = route.split(' ');
      return !document.paths[path!]?.[method!.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it('every page action’s form names its fields (and each form of several its intent)', async () => {
    const document = await read('docs/api/gateway.openapi.json');
    // Forms that are a button only: the page's path names what they are about.
    const buttons = new Set(['actionAccountActivation', 'actionSentryTest']);
    const actions = Object.values(document.paths)
      .map((ops) => ops.post)
      .filter((op) => op?.tags?.includes('pages'));
    expect(actions.length).toBeGreaterThanOrEqual(16);
    for (const action of actions) {
      const schema = action!.requestBody!.content['application/x-www-form-urlencoded']!.schema;
      const forms = formsOf(schema);
      if (buttons.has(action!.operationId)) continue;
      for (const form of forms)
        expect(Object.keys(form.properties ?? {}), action!.operationId).not.toEqual([]);
      if (forms.length > 1)
        for (const form of forms)
          expect(form.properties?.intent?.const, action!.operationId).toEqual(expect.any(String));
    }
  });

  it('the proxy’s rules are published as data', async () => {
    const document = (await read('docs/api/gateway.openapi.json')) as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const rules = document.paths['/api/services/{service}/{path}']!['x-proxy-rules']!;
    expect(Object.keys(rules)).toEqual(
      expect.arrayContaining([
        'services',
        'methods',
        'csrf',
        'requestHeaders',
        'answerHeaders',
        'retry',
      ]),
    );
  });

  it('the changelog has an entry for each document’s current version', async () => {
    const changelog = await readFile(
      new URL('../../docs/api/CHANGELOG.md', import.meta.url),
      'utf8',
    );
    for (const [name, file] of [
      ['upstream', 'docs/api/upstream.openapi.json'],
      ['gateway', 'docs/api/gateway.openapi.json'],
    ] as const) {
      const { version } = (await read(file)).info;
      expect(version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(changelog).toMatch(new RegExp(`^## ${name} ${version.replaceAll('.', '\\.')} `, 'm'));
    }
  });

  it('npm run api:check passes', async () => {
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/api-docs.ts', '--check'], {
      cwd: new URL('../..', import.meta.url),
    });
    expect(stdout).toMatch(/upstream\.openapi\.json: up to date, 0 lint errors/);
    expect(stdout).toMatch(/gateway\.openapi\.json: up to date, 0 lint errors/);
  });
});
