import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// What a first load of each page fetches, from React Router's browser manifest (the manifest-*.js
// the server build points at): the manifest file (only without lazy route discovery),
// entry.client, each route from root down to the page, their `imports`, and every static import
// found in those files, deduplicated. Dynamic import() is not followed. And the stylesheets the
// manifest names. Used by bench/bundle-size.ts and tests/integration/client-bundle.test.ts.
export type ManifestRoute = {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  css?: string[];
  hasDefaultExport?: boolean;
};
type Manifest = {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
};
export type BuiltFile = { raw: number; gzip: number; br: number; imports: string[]; text: string };

export function readClientBuild(buildDir: string) {
  const clientDir = join(buildDir, 'client');
  const serverEntry = readFileSync(join(buildDir, 'server/index.js'), 'utf8');
  const manifestName =
    serverEntry.match(/\/assets\/manifest-[\w-]+\.js/)?.[0] ??
    `/assets/${readdirSync(join(clientDir, 'assets')).find((f) => f.startsWith('manifest-'))}`;
  const manifestText = readFileSync(join(clientDir, manifestName), 'utf8');
  // With React Router's lazy route discovery (its default, "fog of war") a first load never
  // fetches manifest-*.js: the page's routes are inlined in the HTML, like the loaders' data.
  const lazyDiscovery = /var routeDiscovery = \{\s*"mode": "lazy"/.test(serverEntry);
  const manifest = JSON.parse(
    manifestText.slice(manifestText.indexOf('=') + 1).replace(/;\s*$/, ''),
  ) as Manifest;

  const files = new Map<string, BuiltFile>();
  function file(url: string): BuiltFile {
    let entry = files.get(url);
    if (!entry) {
      const source = readFileSync(join(clientDir, url));
      const text = source.toString('utf8');
      // Static imports of a chunk: `import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`.
      const imports = [...text.matchAll(/(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g)].map(
        (m) => new URL(m[1]!, `http://x${url}`).pathname,
      );
      const br = brotliCompressSync(source, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length;
      entry = {
        raw: source.length,
        gzip: gzipSync(source, { level: 6 }).length,
        br,
        imports,
        text,
      };
      files.set(url, entry);
    }
    return entry;
  }

  function initialFiles(routeId: string): Set<string> {
    const chain: ManifestRoute[] = [];
    for (
      let route: ManifestRoute | undefined = manifest.routes[routeId];
      route;
      route = route.parentId ? manifest.routes[route.parentId] : undefined
    ) {
      chain.unshift(route);
    }
    const queue = [
      ...(lazyDiscovery ? [] : [manifestName]),
      manifest.entry.module,
      ...manifest.entry.imports,
      ...chain.flatMap((r) => [r.module, ...(r.imports ?? [])]),
    ];
    const seen = new Set<string>();
    while (queue.length) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      queue.push(...file(url).imports);
    }
    return seen;
  }

  const pages = Object.values(manifest.routes).filter(
    (r) => r.id !== 'root' && r.hasDefaultExport !== false,
  );
  // The stylesheets React Router links in the documents: the root route's one for all (ADR 0152).
  const stylesheets = [
    ...new Set([
      ...(manifest.entry.css ?? []),
      ...Object.values(manifest.routes).flatMap((r) => r.css ?? []),
    ]),
  ];
  return { manifestName, lazyDiscovery, pages, stylesheets, file, initialFiles };
}
