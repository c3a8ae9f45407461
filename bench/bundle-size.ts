import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BUILD_DIR, ensureClientBuild, serverEntry } from './lib/build';
import { reportResult } from './lib/result';

// Target: initial JavaScript <= 100 KB on the wire (brotli, as served: the build's .br siblings,
// quality 11) on every page; gzip (level 6) is printed beside it. From React Router's browser
// manifest (the manifest-*.js the server build points at): per page route, the files a first load
// fetches — the manifest file (only without lazy route discovery), entry.client, each route from
// root down to the page, their `imports`, and every static import found in those files —
// deduplicated. Inline scripts (the page's data, the inlined partial manifest) and dynamic
// import() are not counted.
const TARGET_KB = 100;

type ManifestRoute = {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  hasDefaultExport?: boolean;
};
type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
  url?: string;
};

ensureClientBuild();
const clientDir = join(BUILD_DIR, 'client');
const manifestName =
  readFileSync(serverEntry, 'utf8').match(/\/assets\/manifest-[\w-]+\.js/)?.[0] ??
  `/assets/${readdirSync(join(clientDir, 'assets')).find((f) => f.startsWith('manifest-'))}`;
const manifestText = readFileSync(join(clientDir, manifestName), 'utf8');
// With React Router's lazy route discovery (its default, "fog of war") a first load never fetches
// manifest-*.js: the routes of the page are inlined in the HTML, like the loaders' data, and the
// rest is fetched from /__manifest on navigation. The file counts only with mode "initial".
const lazyDiscovery = /var routeDiscovery = \{\s*"mode": "lazy"/.test(
  readFileSync(serverEntry, 'utf8'),
);
const manifest = JSON.parse(
  manifestText.slice(manifestText.indexOf('=') + 1).replace(/;\s*$/, ''),
) as Manifest;

const gzipCache = new Map<string, { raw: number; gzip: number; br: number; imports: string[] }>();
function file(url: string) {
  let entry = gzipCache.get(url);
  if (!entry) {
    const source = readFileSync(join(clientDir, url));
    // Static imports of a Vite chunk: `import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`.
    const imports = [
      ...source.toString('utf8').matchAll(/(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g),
    ].map((m) => new URL(m[1]!, `http://x${url}`).pathname);
    const br = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
    entry = { raw: source.length, gzip: gzipSync(source, { level: 6 }).length, br, imports };
    gzipCache.set(url, entry);
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
  const files = new Set<string>();
  while (queue.length) {
    const url = queue.shift()!;
    if (files.has(url)) continue;
    files.add(url);
    queue.push(...file(url).imports);
  }
  return files;
}

const pages = Object.values(manifest.routes).filter(
  (r) => r.id !== 'root' && r.hasDefaultExport !== false,
);
const rows = pages
  .map((route) => {
    const files = [...initialFiles(route.id)];
    return {
      route: route.id,
      files: files.length,
      raw: files.reduce((sum, f) => sum + file(f).raw, 0) / 1024,
      gzip: files.reduce((sum, f) => sum + file(f).gzip, 0) / 1024,
      br: files.reduce((sum, f) => sum + file(f).br, 0) / 1024,
    };
  })
  .sort((a, b) => b.br - a.br);

console.log(
  `initial JavaScript per page (${BUILD_DIR}/client, manifest ${manifestName}${lazyDiscovery ? ', inlined in the page: lazy route discovery' : ''})\n`,
);
console.log(
  `${'route'.padEnd(22)} ${'files'.padStart(5)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)} ${'br KB'.padStart(8)}`,
);
for (const r of rows) {
  console.log(
    `${r.route.padEnd(22)} ${String(r.files).padStart(5)} ${r.raw.toFixed(1).padStart(8)} ${r.gzip.toFixed(1).padStart(8)} ${r.br.toFixed(1).padStart(8)}`,
  );
}
const shared = [...initialFiles('root')]
  .map((f) => ({ f, ...file(f) }))
  .sort((a, b) => b.br - a.br);
console.log(
  `\nshared by every page (manifest, entry, root): ${(shared.reduce((s, x) => s + x.br, 0) / 1024).toFixed(1)} KB brotli; largest files:`,
);
for (const x of shared.slice(0, 8))
  console.log(`  ${(x.br / 1024).toFixed(1).padStart(6)} KB  ${x.f}`);

const worst = rows[0]!;
const page = (id: string) => rows.find((r) => r.route === id);
const homeSearch = ['home', 'search-results']
  .map((id) => `${id} ${page(id)?.br.toFixed(1)} KB`)
  .join(', ');
reportResult('bundle-size', [
  {
    target: `initial JS on the wire <= ${TARGET_KB} KB brotli on every page`,
    measured: `max ${worst.br.toFixed(1)} KB (${worst.route}); ${homeSearch}; ${rows.length} pages`,
    pass: worst.br <= TARGET_KB,
  },
  {
    target: 'same, gzip level 6 (insight)',
    measured: `max ${Math.max(...rows.map((r) => r.gzip)).toFixed(1)} KB`,
    pass: null,
  },
]);
