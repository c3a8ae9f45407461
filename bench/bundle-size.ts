import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_DIR, ensureClientBuild } from './lib/build';
import { readClientBuild } from './lib/first-load';
import { reportResult } from './lib/result';

// Target: initial JavaScript <= 100 KB on the wire (brotli, as served: the build's .br siblings,
// quality 11) on every page; gzip (level 6) is printed beside it. From React Router's browser
// manifest (the manifest-*.js the server build points at): per page route, the files a first load
// fetches — the manifest file (only without lazy route discovery), entry.client, each route from
// root down to the page, their `imports`, and every static import found in those files —
// deduplicated. Inline scripts (the page's data, the inlined partial manifest) and dynamic
// import() are not counted.
const TARGET_KB = 100;
const OURS_KB = 5;

ensureClientBuild();
const { manifestName, lazyDiscovery, pages, stylesheets, file, initialFiles } =
  readClientBuild(BUILD_DIR);
// React, React DOM, the scheduler and React Router: one chunk (vite.config.ts, ADR 0204); the
// rest of a first load is ours (entry, bundler runtime, app chunk, routes).
const isFramework = (url: string) => /\/framework-[\w-]+\.js$/.test(url);

const rows = pages
  .map((route) => {
    const files = [...initialFiles(route.id)];
    return {
      route: route.id,
      files: files.length,
      raw: files.reduce((sum, f) => sum + file(f).raw, 0) / 1024,
      gzip: files.reduce((sum, f) => sum + file(f).gzip, 0) / 1024,
      br: files.reduce((sum, f) => sum + file(f).br, 0) / 1024,
      ours: files.filter((f) => !isFramework(f)).reduce((sum, f) => sum + file(f).br, 0) / 1024,
    };
  })
  .sort((a, b) => b.br - a.br);

console.log(
  `initial JavaScript per page (${BUILD_DIR}/client, manifest ${manifestName}${lazyDiscovery ? ', inlined in the page: lazy route discovery' : ''})\n`,
);
console.log(
  `${'route'.padEnd(22)} ${'files'.padStart(5)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)} ${'br KB'.padStart(8)} ${'ours br'.padStart(8)}`,
);
for (const r of rows) {
  console.log(
    `${r.route.padEnd(22)} ${String(r.files).padStart(5)} ${r.raw.toFixed(1).padStart(8)} ${r.gzip.toFixed(1).padStart(8)} ${r.br.toFixed(1).padStart(8)} ${r.ours.toFixed(1).padStart(8)}`,
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
const oursWorst = rows.reduce((a, b) => (b.ours > a.ours ? b : a));
const framework =
  [...initialFiles('root')].filter(isFramework).reduce((sum, f) => sum + file(f).br, 0) / 1024;
const page = (id: string) => rows.find((r) => r.route === id);
const homeSearch = ['home', 'search-results']
  .map((id) => `${id} ${page(id)?.br.toFixed(1)} KB`)
  .join(', ');
// The stylesheets: those the documents link (one for all, ADR 0152) and every one the build wrote
// (a second one no page linked until ADR 0394).
const written = readdirSync(join(BUILD_DIR, 'client/assets'))
  .filter((f) => f.endsWith('.css'))
  .map((f) => `/assets/${f}`);
const bytes = (files: string[], size: 'raw' | 'br') =>
  files.reduce((sum, f) => sum + file(f)[size], 0).toLocaleString('en');
reportResult('bundle-size', [
  {
    target: `initial JS on the wire <= ${TARGET_KB} KB brotli on every page`,
    measured: `max ${worst.br.toFixed(1)} KB (${worst.route}); ${homeSearch}; ${rows.length} pages`,
    pass: worst.br <= TARGET_KB,
  },
  {
    target: `our code (all but React + React Router) <= ${OURS_KB} KB brotli on every page`,
    measured: `max ${oursWorst.ours.toFixed(1)} KB (${oursWorst.route}); framework chunk ${framework.toFixed(1)} KB`,
    pass: oursWorst.ours <= OURS_KB,
  },
  {
    target: 'same, gzip level 6 (insight)',
    measured: `max ${Math.max(...rows.map((r) => r.gzip)).toFixed(1)} KB`,
    pass: null,
  },
  {
    target: 'stylesheets linked by the documents, and written by the build (insight)',
    measured: `${stylesheets.length} linked, ${bytes(stylesheets, 'raw')} bytes raw, ${bytes(stylesheets, 'br')} brotli; ${written.length} written, ${bytes(written, 'raw')} bytes raw, ${bytes(written, 'br')} brotli`,
    pass: null,
  },
]);
