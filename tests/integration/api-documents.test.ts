import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { API_DOCUMENTS } from '../../scripts/api/documents';
import { lintOpenApi } from '../../scripts/api/redocly-lint';

// docs/api/*.openapi.json (ADRs 0231, 0232): what `npm run api:check` checks, in the suite that
// `npm test` runs. The committed documents are the generated ones, and redocly's `recommended`
// rules find no error in them.
type Document = {
  info: { version: string };
  paths: Record<string, Record<string, { operationId: string }>>;
};
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
        'GET /products/{slug}',
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
