import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// Pages whose data is all there are rendered with renderToString after React Router's handoff
// stream was read into its render cache (client/lib/react-router-adapter.tsx, ADR 0151, 0212).
// That leans on an internal of React Router 7.18.4: this suite fails if the version moves, if the
// document is streamed again (React's `$RC(` boundary script), or if hydration breaks.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const PAGES = ['/', '/search/milk'];

describe('complete documents without streaming', () => {
  it('is pinned to the React Router version whose internals it reads', () => {
    const version = (name: string) =>
      JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')).version;
    // A new version: check StreamTransfer and renderMeta.streamCache, then move this pin.
    expect(version('react-router')).toBe('7.18.4');
  });

  it('sends whole documents with their length, the data inline, and no streamed boundaries', async () => {
    for (const path of PAGES) {
      const response = await fetch(`${shop.url}${path}`, {
        headers: { accept: 'text/html', 'accept-encoding': 'identity' },
      });
      const html = await response.text();
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-length'), path).toBe(String(Buffer.byteLength(html)));
      expect(html.startsWith('<!DOCTYPE html>'), path).toBe(true);
      expect(html, path).not.toContain('$RC(');
      expect(html, path).toContain('streamController.enqueue(');
      expect(html, path).toContain('streamController.close()');
      expect(html.trimEnd().endsWith('</html>'), path).toBe(true);
    }
  });

  it('hydrates in Chromium without errors and navigates on the client', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    for (const path of PAGES) {
      await page.goto(`${shop.url}${path}`);
      await page.waitForSelector('html[data-hydrated="true"]');
    }
    // A client-side navigation reads the data React Router handed over at hydration.
    const product = page.locator('a.product-card-link').first();
    const href = await product.getAttribute('href');
    await product.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.waitForSelector('h1');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("navigates in the app from the layout's plain links, marking the current one (ADR 0200)", async () => {
    const page = await browser.newPage();
    await page.goto(`${shop.url}/search/milk`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const nav = page.locator('nav.main-nav a[data-app-link]').first();
    const target = await nav.getAttribute('href');
    // A marker on the window survives a client navigation, not a document load.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await nav.click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === target);
    const current = page.locator('nav.main-nav a[aria-current="page"]');
    await expect.poll(() => current.count()).toBe(1);
    expect(await current.getAttribute('href')).toBe(target);
    await page.locator('a.shop-name').click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.close();
  });
});
