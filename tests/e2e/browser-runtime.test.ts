import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../shared/routes';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// Issue #7 item 7, "Checked by": the browser runtime of specification sections 4 and 9 in
// Chromium: the navigation progress bar only after 100 ms, chunk-load failures (React Router's
// own lazy route modules included) inside the 10 s reload guard, resize events debounced, the
// build metadata written at build time and read after idle (a failure only logged).
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function open(page: Page, path: string) {
  await page.goto(`${shop.url}${path}`);
  await page.waitForSelector('html[data-hydrated="true"]');
}

describe('navigation progress', () => {
  it('appears only once a navigation has waited 100 ms, and goes when it is done', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.clock.install();
    await open(page, '/sentry-test');
    // The page's timers stand still from here: only runFor() moves them.
    await page.clock.pauseAt(Date.now() + 1_000);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    await page.route(/\.data(\?|$)/, async (route) => {
      held();
      await released;
      await route.continue();
    });
    const bar = page.getByRole('progressbar', { name: 'Loading the page' });

    await page.getByRole('link', { name: /home$/ }).click();
    await holding;
    await page.clock.runFor(99);
    expect(await bar.count()).toBe(0);
    await page.clock.runFor(2);
    await bar.waitFor();

    release();
    await page.waitForURL(`${shop.url}/`);
    await bar.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('chunk-load failures', () => {
  type RouterWindow = {
    __reactRouterManifest: { routes: Record<string, { module: string }> };
    __reactRouterDataRouter: { navigate(to: string): Promise<void> };
  };
  const moduleOf = (page: Page, id: string) =>
    page.evaluate(
      (route) => (window as unknown as RouterWindow).__reactRouterManifest.routes[route]!.module,
      id,
    );

  it("load the target from the server once when React Router's lazy route module fails, then show the error screen within 10 s", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await open(page, '/sentry-test');
    // A deployment removed the old build's file of the home route: its first fetch fails.
    const home = await moduleOf(page, 'home');
    let failures = 0;
    await page.route(
      (url) => url.pathname === home,
      (route) => (failures++ === 0 ? route.abort('failed') : route.continue()),
    );
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
    });

    await page.getByRole('link', { name: /home$/ }).click();
    await expect.poll(() => documents, { timeout: 30_000 }).toEqual(['/']);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(
      Number(await page.evaluate(() => sessionStorage.getItem('storefront:reload:/'))),
    ).toBeGreaterThan(0);

    // The same for another route that was loaded from the server less than 10 s ago (set to now,
    // whatever the machine's speed): no second load, the error screen in the layout instead.
    const search = await moduleOf(page, 'search');
    await page.route(
      (url) => url.pathname === search,
      (route) => route.abort('failed'),
    );
    await page.evaluate(() =>
      sessionStorage.setItem('storefront:reload:/search', String(Date.now())),
    );
    await page.evaluate(
      () => void (window as unknown as RouterWindow).__reactRouterDataRouter.navigate('/search'),
    );
    await page.getByText('Something went wrong. Please, try refreshing the page.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/search');
    expect(documents).toEqual(['/']);
    await context.close();
  });
});

describe('window resize', () => {
  it('lays the navigation out once a burst of resize events has settled, not on each', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // Counts how often the navigation's width is read (once per layout measurement).
    await context.addInitScript(() => {
      const counted = window as unknown as { navMeasures: number };
      counted.navMeasures = 0;
      const scrollWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollWidth')!;
      Object.defineProperty(Element.prototype, 'scrollWidth', {
        get(this: Element) {
          if (this.closest('.main-nav')) counted.navMeasures++;
          return scrollWidth.get!.call(this);
        },
      });
    });
    const page = await context.newPage();
    await open(page, '/sentry-test');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getAttribute('data-more')).toBeNull();
    const measures = () =>
      page.evaluate(() => (window as unknown as { navMeasures: number }).navMeasures);
    const before = await measures();

    await page.evaluate(() => {
      for (let i = 0; i < 25; i++) window.dispatchEvent(new Event('resize'));
    });
    await page.waitForFunction(
      (n) => (window as unknown as { navMeasures: number }).navMeasures > n,
      before,
    );
    expect(await measures()).toBe(before + 1);

    // A phone-wide window: the links no longer fit, and the list says so once resizing settles.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.locator('nav.main-nav[data-more="end"]').waitFor();
    await context.close();
  });
});

describe('build metadata', () => {
  it('is written at build time with the route rules and read once the page is idle', async () => {
    const page = await browser.newPage();
    const metaRequest = page.waitForRequest((r) => r.url().includes('/assets/builds/meta/'), {
      timeout: 30_000,
    });
    await open(page, '/sentry-test');
    const id = await page.evaluate(
      () =>
        (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest
          .version,
    );
    const request = await metaRequest;
    expect(new URL(request.url()).pathname).toBe(`/assets/builds/meta/${id}.json`);
    const response = (await request.response())!;
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('immutable');
    const meta = (await response.json()) as {
      id: string;
      timestamp: number;
      routes: { id: string; path: string; middleware: string[] }[];
    };
    expect(meta.id).toBe(id);
    expect(meta.timestamp).toBeGreaterThan(0);
    expect(meta.routes.map(({ id, path, middleware }) => ({ id, path, middleware }))).toEqual(
      routeTable.map(({ id, path, middleware }) => ({ id, path, middleware: [...middleware] })),
    );
    await page.close();
  });

  it('makes the next client navigation a full page load once a newer build is out', async () => {
    const page = await browser.newPage();
    // The gateway says another build is current, and that build's metadata is newer.
    await page.route(/\/builds\/latest\.json/, (route) =>
      route.fulfill({ json: { buildId: 'newer-build' } }),
    );
    await page.route(/\/assets\/builds\/meta\/newer-build\.json/, (route) =>
      route.fulfill({ json: { id: 'newer-build', timestamp: Date.now() + 3_600_000, routes: [] } }),
    );
    const checked = page.waitForResponse((r) => r.url().includes('/meta/newer-build.json'), {
      timeout: 30_000,
    });
    await open(page, '/sentry-test');
    await checked;
    await page.waitForTimeout(200); // its JSON read
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
    });
    // The document load of the target, to its end (closing the page while it commits can hang).
    const loaded = page.waitForEvent('load', { timeout: 30_000 });
    await page.getByRole('link', { name: /home$/ }).click();
    await loaded;
    expect(new URL(page.url()).pathname).toBe('/');
    expect(documents).toEqual(['/']);
    await page.close();
  });

  it('a manifest that fails to load is only logged: no error on the page', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route(/\/assets\/builds\/meta\//, (route) =>
      route.fulfill({ status: 503, body: '' }),
    );
    const warning = page.waitForEvent('console', {
      predicate: (m) => m.type() === 'warning' && m.text().startsWith('App manifest not loaded'),
      timeout: 30_000,
    });
    await open(page, '/sentry-test');
    expect((await warning).text()).toBe('App manifest not loaded: [503] Service Unavailable');
    await page.getByRole('link', { name: /home$/ }).click();
    await page.waitForURL(`${shop.url}/`);
    expect(await page.locator('.error-screen').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
