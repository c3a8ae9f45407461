import { reactRouter } from '@react-router/dev/vite';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// How the browser build is cut into files (docs/decisions/0204). A first load fetches:
// - "framework": React, React DOM, the scheduler and React Router, one file;
// - "app": our modules that the root route and entry.client import statically (layout, runtime),
//   one file instead of ~15 small ones (each costs a request and compresses worse on its own);
// - the page's route module with what it alone needs.
// Dynamic imports (cart panel, sign-in form, Sentry, build watcher, ...) keep their own chunks.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|^\0react-esm$/;
const SHELL = /[\\/]client[\\/](root|entry\.client)\.tsx$/;
// The meta helpers that most route modules import (loaderMeta, privateMeta; ADR 0208): in the app
// chunk (~0.1 KB brotli there) rather than a file of their own on most first loads (0.2 KB).
const ROUTES_SHARE = /[\\/]client[\\/]lib[\\/]seo\.ts$/;

const firstLoad = new Set<string>();

const firstLoadChunks = {
  plugin: {
    name: 'storefront:first-load-closure',
    apply: 'build',
    // After the module graph is complete and before chunking: the static closure of the shell.
    buildEnd() {
      if (this.environment.name !== 'client') return;
      firstLoad.clear();
      const queue = [...this.getModuleIds()].filter((id) => SHELL.test(id));
      while (queue.length) {
        const id = queue.pop()!;
        if (firstLoad.has(id)) continue;
        firstLoad.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  } satisfies Plugin,
  options: {
    groups: [
      { name: 'framework', test: FRAMEWORK, priority: 2 },
      {
        name: 'app',
        test: (id: string) =>
          (firstLoad.has(id) || ROUTES_SHARE.test(id)) && !FRAMEWORK.test(id) && !SHELL.test(id),
        priority: 1,
      },
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

// The framework and app chunks are on every first load (the page links them): no dynamic import
// needs to preload them, so they leave every list of dependencies (shorter route modules).
const ALWAYS_LOADED = /(^|\/)(framework|app)-[\w-]+\.js$/;

export default defineConfig({
  plugins: [
    reactRouter(),
    reactRouterProductionBuild(),
    preloadHelper(),
    reactEsm(),
    firstLoadChunks.plugin,
    stripEmptyCssComments(),
  ],
  // One stylesheet for every page (~5 KB brotli): one blocking request instead of up to six
  // (React Router links Vite's single style.css from the root route). ADR 0152.
  build: {
    target: 'es2022',
    cssCodeSplit: false,
    modulePreload: {
      resolveDependencies: (_file, deps) => deps.filter((dep) => !ALWAYS_LOADED.test(dep)),
    },
  },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: firstLoadChunks.options } } } },
  },
});
