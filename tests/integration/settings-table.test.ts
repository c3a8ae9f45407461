import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadPlatformConfig } from '../../platform/config';
import { loadIdpConfig } from '../../platform/idp/config';
import { loadShopOrigins } from '../../platform/shop-origins';
import { loadConfig } from '../../server/config';
import { readCompose, readImage, ROOT } from '../support/compose-file';
import { readManifests } from '../support/k8s-manifests';

// The README's settings tables ("Configuration": Gateway, Reference platform) are what an operator
// adopting the shop reads, and nothing else: every variable the configuration loaders read is a
// row, every row is read, and each default the table states is the one the code applies (the
// value written out gives the same configuration as none). The scripts' variables are named in the
// README, and compose, the image and the manifests set no variable the code does not read (a
// misspelt one would be ignored without a word).
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const PLATFORM_URL = 'http://platform.test:4000';

type Row = { names: string[]; defaults: string };

/** The rows of the table that follows `heading` (a line of its own) in the README. */
function tableAfter(heading: string): Row[] {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no "${heading}" in the README`);
  const lines = readme.slice(start).split('\n').slice(2);
  const table = lines.slice(
    0,
    lines.findIndex((line, i) => i > 0 && !line.startsWith('|')),
  );
  return table.slice(2).map((line) => {
    const [name = '', defaults = ''] = line.split('|').slice(1, 3);
    return { names: [...name.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!), defaults };
  });
}

/** The names `read` asks an environment for, whatever it holds. */
function namesRead(read: (env: NodeJS.ProcessEnv) => unknown): Set<string> {
  const asked = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(target, key) {
      if (typeof key === 'string' && /^[A-Z][A-Z0-9_]*$/.test(key)) asked.add(key);
      return Reflect.get(target, key) as unknown;
    },
  });
  try {
    read(env);
  } catch {
    // A required setting missing: what was asked for before it is enough, the rest is asked too.
  }
  return asked;
}

/**
 * Each name's documented default, where the table gives it as a value (`3000`, `20/60`, possibly
 * followed by a parenthesis): names and defaults joined by " / " pair up in order.
 */
function documentedDefaults(rows: Row[]): [string, string][] {
  return rows.flatMap(({ names, defaults }): [string, string][] => {
    const parts = defaults.trim().split(' / ');
    if (parts.length !== names.length) return [];
    return names.flatMap((name, i): [string, string][] => {
      const value = /^`([^`]*)`( \(.*\))?$/.exec(parts[i]!)?.[1];
      return value === undefined ? [] : [[name, value.replace('PLATFORM_URL', PLATFORM_URL)]];
    });
  });
}

const gatewayLoad = (env: NodeJS.ProcessEnv) => loadConfig({ PLATFORM_URL, ...env });
const platformLoaders = [loadPlatformConfig, loadIdpConfig, loadShopOrigins];
const platformLoad = (env: NodeJS.ProcessEnv) => platformLoaders.map((load) => load(env));

const gatewayRows = tableAfter('Gateway:');
const platformRows = tableAfter('Reference platform:');
const named = (rows: Row[]) => new Set(rows.flatMap((row) => row.names));
// The standard OpenTelemetry variables, read by the SDK itself (shared/tracing.ts): named in the
// README, in the tables or in a row's words, not each a row.
const openTelemetry = (name: string) => name.startsWith('OTEL_');
const inReadme = (name: string) => new RegExp(`\\b${name}\\b`).test(readme);
// Rows read outside the configuration loaders, each where the file named reads it.
const readElsewhere: Record<string, string> = { BUILD_DIR: 'server/render/build-source.ts' };
const readIn = (name: string) =>
  name in readElsewhere &&
  readFileSync(join(ROOT, readElsewhere[name]!), 'utf8').includes(`process.env.${name}`);

describe("the README's settings tables", () => {
  it.each([
    ['gateway', gatewayRows, [loadConfig]],
    ['platform', platformRows, platformLoaders],
  ] as const)('name every variable the %s reads, and it reads every row', (_, rows, loaders) => {
    const read = new Set(loaders.flatMap((load) => [...namesRead(load)]));
    const undocumented = [...read].filter(
      (name) => !named(rows).has(name) && !(openTelemetry(name) && inReadme(name)),
    );
    expect(undocumented).toEqual([]);
    const unread = [...named(rows)].filter(
      (name) => !read.has(name) && !openTelemetry(name) && !readIn(name),
    );
    expect(unread).toEqual([]);
  });

  it.each([
    ['gateway', gatewayRows, gatewayLoad],
    ['platform', platformRows, platformLoad],
  ] as const)('state the defaults the %s applies', (_, rows, load) => {
    const defaults = documentedDefaults(rows);
    expect(defaults.length).toBeGreaterThan(10);
    const unset = load({});
    const wrong = defaults.filter(([name, value]) => {
      try {
        return !isDeepStrictEqual(load({ [name]: value }), unset);
      } catch {
        return true;
      }
    });
    expect(wrong).toEqual([]);
  });
});

/** The variable names `pattern` (its first group) finds in `text`. */
const namesAfter = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((m) => m[1]!).filter((name) => name.length > 2);

describe('the settings outside the tables', () => {
  it("the scripts' variables are named in the README", () => {
    const scripts = join(ROOT, 'scripts');
    const read = readdirSync(scripts)
      .filter((file) => /\.(mjs|ts|sh)$/.test(file))
      .flatMap((file) => {
        const text = readFileSync(join(scripts, file), 'utf8');
        return namesAfter(text, /(?:process\.env\.|\$\{)([A-Z][A-Z0-9_]*)/g);
      });
    expect(read.length).toBeGreaterThan(10);
    // Set by the scripts for the processes they start, or Node's own.
    const internal = new Set(['NODE_ENV', 'NODE_OPTIONS', 'PATH']);
    const unnamed = [...new Set(read)].filter((name) => !internal.has(name) && !inReadme(name));
    expect(unnamed).toEqual([]);
  });

  it('compose, the image and the manifests set only variables the code reads', () => {
    const settings = new Set([...named(gatewayRows), ...named(platformRows)]);
    const set: [string, string][] = [];
    for (const [service, { environment = {} }] of Object.entries(readCompose().services))
      for (const name of Object.keys(environment))
        set.push([`docker-compose.yml ${service}`, name]);
    for (const name of Object.keys(readImage().env)) set.push(['Dockerfile', name]);
    for (const manifest of readManifests()) {
      const where = `deploy/k8s/${manifest.file} ${manifest.kind}`;
      // A container's env entries, and the keys of the ConfigMaps and Secrets given as envFrom.
      for (const name of namesAfter(
        JSON.stringify(manifest.spec ?? {}),
        /"name":"([A-Z][A-Z0-9_]*)"/g,
      ))
        set.push([where, name]);
      for (const name of Object.keys({ ...manifest.data, ...manifest.stringData }))
        set.push([where, name]);
    }
    expect(set.length).toBeGreaterThan(20);
    // Node's own; the certificate maker's (deploy/tls/make-cert.sh); PostgreSQL's image.
    const others = new Set(['NODE_OPTIONS', 'CERT_DIR', 'POSTGRES_USER', 'POSTGRES_DB']);
    const postgresImage = (name: string) => name.startsWith('POSTGRES_') || name === 'PGDATA';
    expect(
      set.filter(([, name]) => !settings.has(name) && !others.has(name) && !postgresImage(name)),
    ).toEqual([]);
  });
});
