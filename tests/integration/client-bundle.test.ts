import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readClientBuild } from '../../bench/lib/first-load';

// The browser build's shape (vite.config.ts, docs/decisions/0204), read from `npm run build`'s
// output: what a first load fetches, and what must stay out of it.
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const build = readClientBuild(BUILD_DIR);
const firstLoad = (route: string) => [...build.initialFiles(route)];
const named = (files: string[], name: string) =>
  files.filter((f) => new RegExp(`/${name}-[\\w-]+\\.js$`).test(f));

describe('first-load JavaScript', () => {
  it('fetches React and React Router as one framework chunk and our shared code as one app chunk', () => {
    for (const route of ['home', 'search-results', 'product', 'order-detail']) {
      const files = firstLoad(route);
      expect(named(files, 'framework'), route).toHaveLength(1);
      expect(named(files, 'app'), route).toHaveLength(1);
      // No other chunk of React's or React Router's code.
      expect(named(files, 'jsx-runtime'), route).toEqual([]);
    }
    const framework = build.file(named(firstLoad('home'), 'framework')[0]!).text;
    expect(framework.includes('__reactRouterVersion')).toBe(true);
  });

  it('has no file of its own for the bundler runtime or entry.client, and a thin root route (ADRs 0209, 0302)', () => {
    for (const page of build.pages) {
      const files = firstLoad(page.id);
      // React's CommonJS interop runs in the framework chunk (React through an ES module).
      expect(named(files, 'rolldown-runtime'), page.id).toEqual([]);
      // entry.client is in the app chunk (React Router's entry module is that chunk).
      expect(named(files, 'entry.client'), page.id).toEqual([]);
      // The root route module only re-exports the app chunk's code.
      const [root] = named(files, 'root');
      expect(build.file(root!).raw, page.id).toBeLessThan(200);
    }
  });

  it("uses the storefront's preload helper, and no dependency list names a chunk every page has", () => {
    const all = readdirSync(join(BUILD_DIR, 'client/assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => build.file(`/assets/${f}`).text);
    // Vite's own helper preloads stylesheets ("Unable to preload CSS"); ours does not.
    expect(all.filter((text) => text.includes('Unable to preload CSS'))).toEqual([]);
    const app = build.file(named(firstLoad('home'), 'app')[0]!).text;
    expect(app).toContain('vite:preloadError');
    for (const text of all) {
      // Preload lists (Vite's table, or written in place in a route module) name "assets/x.js".
      expect(text).not.toMatch(/"assets\/(framework|app)-/);
      expect(text).not.toContain('/* empty css');
    }
  });

  it('keeps route modules short: no preload table, at most five files listed, never the page itself (ADR 0209)', () => {
    let lists = 0;
    for (const page of build.pages) {
      const text = build.file(page.module).text;
      expect(text, page.id).not.toContain('__vite__mapDeps');
      // A page's island (page(), ADR 0208) reads the route's props itself: React Router does not
      // wrap the default export to pass them, so the module imports nothing of the framework.
      if (text.includes('import(')) expect(text, page.id).not.toMatch(/from"\.\/framework-/);
      // `preload(() => import(`./page-x.js`), ["assets/y.js", ...])`
      for (const [, page, list] of text.matchAll(/import\(`\.\/([^`]+)`\),(\[[^\]]*\])/g)) {
        lists++;
        const files = JSON.parse(list!) as string[];
        expect(files.length, page).toBeLessThanOrEqual(5);
        expect(files, page).not.toContain(`assets/${page}`);
      }
    }
    expect(lists).toBeGreaterThan(20);
  });

  it("ships React Router's production build to the browser (no development warnings)", () => {
    const framework = build.file(named(firstLoad('home'), 'framework')[0]!).text;
    expect(framework.includes('React Router default ErrorBoundary')).toBe(false);
  });

  it('keeps the modules loaded on first need or at idle out of every first load', () => {
    const lazy = [
      'sentry-browser',
      'build-watch',
      'cart-panel',
      'sign-in-form',
      'cart-widget',
      'search-box',
      'quantity-controls',
      // The analytics event sender: only after consent (ADR 0267).
      'sender',
    ];
    for (const page of build.pages) {
      const files = firstLoad(page.id);
      for (const name of lazy) expect(named(files, name), `${page.id}: ${name}`).toEqual([]);
    }
  });

  it("leaves each page's own code out of its first load: the route module only (ADR 0208)", () => {
    // Text that only the page's component renders, in some built chunk but in none it preloads.
    const pageText: Record<string, string> = {
      checkout: 'Placing your order',
      'order-detail': 'Delivery and payment',
      'social-login': 'Continue with ',
    };
    const all = readdirSync(join(BUILD_DIR, 'client/assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `/assets/${f}`);
    // Meta is computed by the loaders: its helpers are on no first load.
    for (const page of build.pages) {
      const loaded = firstLoad(page.id).filter((f) => build.file(f).text.includes('og:site_name'));
      expect(loaded, page.id).toEqual([]);
    }
    for (const [route, text] of Object.entries(pageText)) {
      expect(
        all.some((f) => build.file(f).text.includes(text)),
        route,
      ).toBe(true);
      const loaded = firstLoad(route).filter((f) => build.file(f).text.includes(text));
      expect(loaded, route).toEqual([]);
    }
  });
});

describe('the stylesheet', () => {
  it('is one file, the one the documents link, and the build writes no other (ADRs 0152, 0394)', () => {
    // React Router links the stylesheets its manifest names: one for all, on the root route.
    expect(build.stylesheets).toHaveLength(1);
    const written = (dir: string) =>
      existsSync(join(BUILD_DIR, dir))
        ? readdirSync(join(BUILD_DIR, dir)).filter((f) => f.endsWith('.css'))
        : [];
    // A stylesheet no page links is bytes to build, compress and ship for nothing (the server
    // build's copy of it, in another order, was one).
    expect(written('client/assets').map((f) => `/assets/${f}`)).toEqual(build.stylesheets);
    expect(written('server/assets')).toEqual([]);
  });
});
