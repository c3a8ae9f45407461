import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamOperations } from '../../shared/upstream/contract';
import { startPlatform, TENANTS, type TestPlatform } from '../support/platform';

// The upstream contract (docs/api/upstream.openapi.json, ADR 0231) against what the code calls and
// what the reference platform serves: no path builder of shared/contracts/ outside the contract
// (a new endpoint must be declared), and every operation of the contract on the platform.
const template = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const key = (method: string, path: string) => `${method.toUpperCase()} ${template(path)}`;

// Path builders declared in shared/contracts/ that nothing calls; the test below checks that they
// are still unused (using one means declaring it in shared/upstream/).
const UNUSED_BUILDERS = [
  'cataloguePaths.productsBySlugs',
  'cataloguePaths.productsByIds',
  'cmsPaths.navigation',
  'bookingPaths.notes',
  'accountPaths.changePassword',
];

// A builder's argument: a string, a number or a list of strings, as `PARAM`.
const PARAM = Object.assign(['PARAM'], { toString: () => 'PARAM' });

/** Every `*Paths` builder of shared/contracts/: its name and its path template. */
async function pathBuilders(): Promise<{ name: string; path: string }[]> {
  const dir = new URL('../../shared/contracts/', import.meta.url);
  const builders: { name: string; path: string }[] = [];
  for (const file of (await readdir(dir)).filter(
    (f) => f.endsWith('.ts') && !f.includes('.test.'),
  )) {
    const module = (await import(new URL(file, dir).href)) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(module)) {
      if (!exported.endsWith('Paths') || typeof value !== 'object' || value === null) continue;
      for (const [name, builder] of Object.entries(value)) {
        const made =
          typeof builder === 'function'
            ? (builder as (...args: unknown[]) => string)(PARAM, PARAM)
            : String(builder);
        builders.push({
          name: `${exported}.${name}`,
          path: made
            .split('?')[0]!
            .replaceAll('PARAM', '{}')
            .replace(/\{\}\.svg$/, '{}'),
        });
      }
    }
  }
  return builders;
}

async function sources(dir: string): Promise<string> {
  const entries = await readdir(new URL(`../../${dir}/`, import.meta.url), { recursive: true });
  const files = entries.filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'));
  const texts = await Promise.all(
    files.map((f) => readFile(new URL(`../../${dir}/${f}`, import.meta.url), 'utf8')),
  );
  return texts.join('\n');
}

describe('the upstream contract', () => {
  it('declares every path builder of shared/contracts/ that the gateway or the pages use', async () => {
    const declared = new Set(upstreamOperations.map((op) => template(op.path)));
    const builders = await pathBuilders();
    expect(builders.length).toBeGreaterThan(40);
    const undeclared = builders
      .filter((b) => !declared.has(b.path) && !UNUSED_BUILDERS.includes(b.name))
      .map((b) => `${b.name} ${b.path}`);
    expect(undeclared).toEqual([]);
    const code = (await sources('client')) + (await sources('server'));
    const used = UNUSED_BUILDERS.filter((name) => code.includes(name));
    expect(used, 'declare these in shared/upstream/ and take them off UNUSED_BUILDERS').toEqual([]);
  });

  it('has at least 50 operations, the specification’s seven calls among them, ids unique', () => {
    expect(upstreamOperations.length).toBeGreaterThanOrEqual(50);
    expect(
      upstreamOperations
        .map((op) => op.specCall)
        .filter(Boolean)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const ids = upstreamOperations.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = upstreamOperations.map((op) => key(op.method, op.path));
    expect(new Set(keys).size).toBe(keys.length);
  });

  describe('on the reference platform', () => {
    let platform: TestPlatform;
    let served: Map<string, { operationId: string; responses: Record<string, unknown> }>;
    beforeAll(async () => {
      platform = await startPlatform();
      const document = (await (await fetch(`${platform.url}/openapi.json`)).json()) as {
        paths: Record<
          string,
          Record<string, { operationId: string; responses: Record<string, unknown> }>
        >;
      };
      served = new Map();
      for (const [path, operations] of Object.entries(document.paths))
        for (const [method, operation] of Object.entries(operations))
          served.set(key(method, path), operation);
    });
    afterAll(() => platform.close());

    it('serves every operation of the contract, under the same operationId', () => {
      const missing = upstreamOperations
        .filter((op) => !served.has(key(op.method, op.path)))
        .map((op) => `${op.id}: ${op.method} ${op.path}`);
      expect(missing).toEqual([]);
      const renamed = upstreamOperations
        .filter((op) => served.get(key(op.method, op.path))?.operationId !== op.id)
        .map((op) => op.id);
      expect(renamed).toEqual([]);
    });

    it('answers a call without a token, or for an unknown shop, with a status it documents', async () => {
      // Every GET of the contract, its path parameters an unknown name: the platform's declared
      // access (ADR 0230: 401 with a token needed, 421 with the shop needed, 404 by id) must
      // cover what it answers.
      const undocumented: string[] = [];
      for (const op of upstreamOperations.filter((o) => o.method === 'GET')) {
        const path = op.path.replace(/\{(\w+)\}/g, 'unknown-name');
        for (const origin of [TENANTS.fresh.origin, 'https://no-such-shop.example']) {
          const response = await fetch(`${platform.url}${path}`, {
            headers: { 'x-domain-origin': origin, 'x-client-name': 'cms-website' },
          });
          const documented = served.get(key(op.method, op.path))?.responses ?? {};
          if (!(String(response.status) in documented))
            undocumented.push(`${op.id} ${origin}: ${response.status}`);
        }
      }
      expect(undocumented).toEqual([]);
    });

    it('documents each success status the contract expects', () => {
      const undocumented = upstreamOperations.flatMap((op) =>
        Object.keys(op.answers)
          .filter((status) => !(status in (served.get(key(op.method, op.path))?.responses ?? {})))
          .map((status) => `${op.id} ${status}`),
      );
      expect(undocumented).toEqual([]);
    });
  });
});
