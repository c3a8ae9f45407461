import { reactRouter } from '@react-router/dev/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// How the browser build is cut into files (docs/decisions/0204). A first load fetches:
// - "framework": React, React DOM, the scheduler and React Router, one file;
// - "app": our modules that the root route and entry.client import statically (layout, runtime),
//   one file instead of ~15 small ones (each costs a request and compresses worse on its own);
// - the page's route module with what it alone needs.
// Dynamic imports (cart panel, sign-in form, Sentry, build watcher, ...) keep their own chunks.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const SHELL = /[\\/]client[\\/](root|entry\.client)\.tsx$/;

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
        test: (id: string) => firstLoad.has(id) && !FRAMEWORK.test(id) && !SHELL.test(id),
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

export default defineConfig({
  plugins: [reactRouter(), reactRouterProductionBuild(), firstLoadChunks.plugin],
  // One stylesheet for every page (~5 KB brotli): one blocking request instead of up to six
  // (React Router links Vite's single style.css from the root route). ADR 0152.
  build: { target: 'es2022', cssCodeSplit: false },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: firstLoadChunks.options } } } },
  },
});
