import { reactRouter } from '@react-router/dev/vite';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// How the browser build is cut into files (docs/decisions/0204). A first load fetches:
// - "framework": React, React DOM, the scheduler and React Router, one file;
// - "app": entry.client and our modules that it and the root route import statically (layout,
//   runtime), one file instead of ~15 small ones (each costs a request and compresses worse on its
//   own); it is React Router's entry module (ADR 0302);
// - the root route module (re-exports of the app chunk's) and the page's route module with what
//   it alone needs.
// Dynamic imports (cart panel, sign-in form, Sentry, build watcher, ...) keep their own chunks.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|^\0react-esm$/;
const SHELL = /[\\/]client[\\/](root|entry\.client)\.tsx$/;
// The meta helpers that most route modules import (loaderMeta, privateMeta; ADR 0208): in the app
// chunk (~0.1 KB brotli there) rather than a file of their own on most first loads (0.2 KB).
const ROUTES_SHARE = /[\\/]client[\\/]lib[\\/]seo\.ts$/;

// Stylesheets: one style.css for all (cssCodeSplit false); their modules are empty in the chunks
// and stay with the app chunk, so that a route module importing its page's stylesheet does not
// import a group chunk below for it (every group takes its modules' imports along).
const STYLES = /\.css$/;

const firstLoad = new Set<string>();
// The modules that the layout's islands (header and footer: the `*.island.ts` files of the first
// load) import: the cart store, the API client, the route table of `href`, money formatting...
// Every page fetches them once it is idle; as one "shared" chunk they are one request, and one
// entry instead of up to seven in each list of dependencies (the app chunk's, the route modules').
// The islands' own modules keep their chunks: a dynamic import of a module inside a group chunk
// takes a namespace object, whose helper would be the bundler's runtime again, a file of its own
// on every first load. ADR 0209.
const ISLAND = /\.island\.tsx?$/;
const shared = new Set<string>();
const imported = new Set<string>(); // targets of a dynamic import()
// The modules that the checkout and order pages share (slot, payment and cart review, totals,
// order head), the forms' own (fields, errors, lines editor) and the catalogue pages' (product
// grid and detail, breadcrumbs, pagination): one chunk each rather than up to ten small ones
// listed by each route module of those pages. ADR 0209.
const ORDERS = /[\\/]client[\\/]components[\\/](checkout|orders|smart-carts)[\\/]/;
const CATALOGUE = /[\\/]client[\\/]components[\\/](catalogue|search)[\\/]/;
const FORMS = /[\\/]client[\\/]components[\\/](forms|registration|lists|profile)[\\/]/;
const lazyGroup = (dir: RegExp) => (id: string) =>
  dir.test(id) && !firstLoad.has(id) && !shared.has(id) && !imported.has(id);

const firstLoadChunks = {
  plugin: {
    name: 'storefront:first-load-closure',
    apply: 'build',
    // After the module graph is complete and before chunking: the static closure of the shell.
    buildEnd() {
      if (this.environment.name !== 'client') return;
      const closure = (from: string[], into: Set<string>, skip: (id: string) => boolean) => {
        const queue = [...from];
        while (queue.length) {
          const id = queue.pop()!;
          if (into.has(id) || skip(id)) continue;
          into.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      imported.clear();
      for (const id of this.getModuleIds()) {
        for (const target of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
          imported.add(target);
        }
      }
      firstLoad.clear();
      closure(
        [...this.getModuleIds()].filter((id) => SHELL.test(id)),
        firstLoad,
        () => false,
      );
      shared.clear();
      const islands = [...firstLoad]
        .filter((id) => ISLAND.test(id))
        .flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
      closure(
        islands.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []),
        shared,
        (id) => imported.has(id) || firstLoad.has(id) || FRAMEWORK.test(id),
      );
    },
  } satisfies Plugin,
  options: {
    groups: [
      { name: 'framework', test: FRAMEWORK, priority: 2 },
      {
        name: 'app',
        test: (id: string) =>
          (firstLoad.has(id) || ROUTES_SHARE.test(id) || STYLES.test(id)) && !FRAMEWORK.test(id),
        priority: 1,
      },
      { name: 'shared', test: (id: string) => shared.has(id), priority: 1 },
      // Before "orders", which would take the forms' modules along with its own.
      { name: 'forms', test: lazyGroup(FORMS), priority: 1 },
      { name: 'orders', test: lazyGroup(ORDERS), priority: 1 },
      { name: 'catalogue', test: lazyGroup(CATALOGUE), priority: 1 },
    ],
  },
};

// React Router's exports map sends every bundler to dist/development (dev warnings kept); the
// browser gets dist/production (~0.6 KB brotli less). The server keeps the default build: the
// two differ only by ENABLE_DEV_WARNINGS, so hydration sees the same markup.
const production = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

function reactRouterProductionBuild(): Plugin {
  return {
    name: 'storefront:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      if (this.environment.name !== 'client') return null;
      if (id === 'react-router') return production('index.mjs');
      if (id === 'react-router/dom') return production('dom-export.mjs');
      return null;
    },
  };
}

// Vite's dynamic-import helper (`__vitePreload`, ~0.7 KB brotli in the app chunk, on every first
// load) replaced by client/runtime/preload.ts: the same preloads and `vite:preloadError`, without
// what this build does not use (stylesheets, base URLs other than "/"). ADR 0209.
const PRELOAD_HELPER = '\0vite/preload-helper.js';
function preloadHelper(): Plugin {
  const file = fileURLToPath(new URL('./client/runtime/preload.ts', import.meta.url));
  return {
    name: 'storefront:preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      if (this.environment.name !== 'client') return null;
      return id === PRELOAD_HELPER ? file : null;
    },
  };
}

// React is CommonJS: each chunk importing it calls rolldown's interop helper (__toESM), so the
// helper was a file of its own on every first load (0.3 KB brotli). Outside the framework, the
// browser build imports React through an ES module in the framework chunk that re-exports React's
// names; the interop runs there once, and rolldown's runtime moves into that chunk. ADR 0209.
const REACT_ESM = '\0react-esm';
function reactEsm(): Plugin {
  const require = createRequire(import.meta.url);
  const react = require.resolve('react'); // .../react/index.js
  const names = Object.keys(
    require(react.replace(/index\.js$/, 'cjs/react.production.js')) as object,
  );
  return {
    name: 'storefront:react-esm',
    apply: 'build',
    enforce: 'pre',
    resolveId(id, importer) {
      if (this.environment.name !== 'client' || id !== 'react') return null;
      if (importer === REACT_ESM || (importer && FRAMEWORK.test(importer))) return null;
      return REACT_ESM;
    },
    load(id) {
      if (id !== REACT_ESM) return null;
      return `export { ${names.join(', ')} } from 'react';`;
    },
  };
}

// Vite leaves `/* empty css */` where a module imported a stylesheet (one stylesheet for all:
// cssCodeSplit false); on a first load they are ~10 bytes brotli a route module. ADR 0209.
function stripEmptyCssComments(): Plugin {
  return {
    name: 'storefront:strip-empty-css-comments',
    apply: 'build',
    enforce: 'post',
    // After Vite's CSS plugin wrote them (its generateBundle), before the files are written.
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk') chunk.code = chunk.code.replace(/\/\* empty css\s*\*\//g, '');
      }
    },
  };
}

// The server build writes its own style.css too (React Router turns on Vite's ssrEmitAssets for
// the assets only the server imports, such as the favicon of document-head.server.tsx), from the
// same stylesheets in the order of the server's chunks, which are not cut like the browser's: other
// bytes, another name. React Router moves a server asset that the browser build lacks into its
// assets, so the build shipped a second stylesheet that no page links. On the server a stylesheet
// imported for its effect is empty: the server build writes none. ADR 0394.
function serverBuildWithoutStylesheet(): Plugin {
  return {
    name: 'storefront:server-build-without-stylesheet',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (this.environment.name === 'client' || !STYLES.test(id)) return null;
      return '';
    },
  };
}

// The framework and app chunks are on every first load (the page links them): no dynamic import
// needs to preload them, so they leave every list of dependencies (shorter route modules). Nor
// does the imported chunk itself: our helper (client/runtime/preload.ts) imports it at once,
// beside the preloads, where Vite's own waited for them first.
const ALWAYS_LOADED = /(^|\/)(framework|app)-[\w-]+\.js$/;
// The "shared" chunk is preloaded by the app chunk's imports of the layout's islands, which start
// no later than any other lazy import (islandsMayLoad, client/lib/island.tsx): no other list
// needs to name it (~20 bytes brotli a route module).
const SHARED_CHUNK = /(^|\/)shared-[\w-]+\.js$/;

// Vite writes a chunk's preload lists as indexes into a table, `__vite__mapDeps([0,1])`, with the
// table's function at the top of the chunk. The lists are short (a route module has one dynamic
// import, its page; the app chunk's name the shared chunk): written in place they are ~40 bytes
// brotli shorter on a first load than the table. ADR 0209.
function inlinePreloadLists(): Plugin {
  const TABLE =
    /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);\n/;
  return {
    name: 'storefront:inline-preload-lists',
    apply: 'build',
    enforce: 'post',
    // After Vite's import analysis wrote the tables (its own generateBundle).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (this.environment.name !== 'client') return;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const table = TABLE.exec(chunk.code);
          if (!table) continue;
          const files = JSON.parse(table[1]!) as string[];
          chunk.code = chunk.code
            .slice(table[0].length)
            .replace(/__vite__mapDeps\((\[[\d,]*\])\)/g, (_use, list: string) =>
              JSON.stringify((JSON.parse(list) as number[]).map((i) => files[i])),
            );
        }
      },
    },
  };
}

// entry.client is in the app group, so the app chunk is the entry's own chunk (not a file of its
// own that imports it: one request less on every first load, ADR 0302) and would be named after it;
// it keeps the name app-*.js, which the rules below, the tests and the benches know it by.
function appChunkName(): Plugin {
  return {
    name: 'storefront:app-chunk-name',
    apply: 'build',
    outputOptions(options) {
      if (this.environment.name !== 'client') return null;
      const names = options.entryFileNames;
      return {
        ...options,
        entryFileNames: (chunk) =>
          chunk.name === 'entry.client'
            ? 'assets/app-[hash].js'
            : typeof names === 'function'
              ? names(chunk)
              : (names ?? '[name].js'),
      };
    },
  };
}

export default defineConfig({
  plugins: [
    reactRouter(),
    reactRouterProductionBuild(),
    preloadHelper(),
    reactEsm(),
    firstLoadChunks.plugin,
    stripEmptyCssComments(),
    serverBuildWithoutStylesheet(),
    inlinePreloadLists(),
    appChunkName(),
  ],
  // One stylesheet for every page (~5 KB brotli): one blocking request instead of up to six
  // (React Router links Vite's single style.css from the root route). ADR 0152.
  build: {
    target: 'es2022',
    cssCodeSplit: false,
    modulePreload: {
      resolveDependencies: (file, deps, { hostId }) =>
        deps.filter(
          (dep) =>
            dep !== file &&
            !ALWAYS_LOADED.test(dep) &&
            (!SHARED_CHUNK.test(dep) || ALWAYS_LOADED.test(hostId)),
        ),
    },
  },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: firstLoadChunks.options } } } },
  },
});
