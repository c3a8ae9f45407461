import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// The gateway core in a real browser: server rendering, hydration, client navigation, the 404
// page, and that no token reaches the page's HTML or JavaScript.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('gateway core in Chromium', () => {
  it('renders, hydrates and navigates on the client without a full reload', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await page.goto(`${shop.url}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-correlation-id']).toMatch(/^[A-Za-z0-9]{32}$/);
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect(page.title()).resolves.not.toBe('');

    // A marker on window survives only a client-side navigation. The link may be in an island,
    // which is a plain link until its code has loaded at idle (ADR 0204): wait for that first.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole('link', { name: 'Search', exact: true }).first().click();
    await page.waitForURL(`${shop.url}/search`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    // The head's static tags are the server's alone (ADR 0302): hydration and the navigation
    // left each of them in place, once.
    const headTags = await page.evaluate(() =>
      [
        'meta[charset]',
        'meta[name="viewport"]',
        'meta[name="correlation-id"]',
        'link[rel="icon"]',
      ].map((selector) => document.head.querySelectorAll(selector).length),
    );
    expect(headTags).toEqual([1, 1, 1, 1]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${shop.url}/no-such-aisle`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByText('Page Not Found: /no-such-aisle').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('keeps tokens out of the HTML and the JavaScript globals of a signed-in page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shop.url}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const signIn = await page.evaluate(async () => {
      const response = await fetch('/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf': '1' },
        body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
      });
      return { status: response.status, body: await response.text() };
    });
    expect(signIn.status).toBe(200);
    const cookies = await context.cookies();
    const tokens = cookies.filter((c) => c.name === 'access_token' || c.name === 'refresh_token');
    expect(tokens).toHaveLength(2);
    for (const cookie of tokens) {
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.secure).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
    }

    const response = await page.goto(`${shop.url}/`);
    const html = (await response?.text()) ?? '';
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(html).toContain('shopper@example.com');
    const globals = await page.evaluate(() => {
      const seen = new WeakSet<object>();
      const dump = (value: unknown, depth: number): string => {
        if (depth > 4 || value === null || typeof value !== 'object')
          return typeof value === 'string' ? value : '';
        if (seen.has(value as object)) return '';
        seen.add(value as object);
        let out = '';
        for (const key of Object.keys(value as object).slice(0, 200)) {
          try {
            out += `${key}:${dump((value as Record<string, unknown>)[key], depth + 1)} `;
          } catch {
            // getters that throw
          }
        }
        return out;
      };
      return dump(window, 0) + document.documentElement.outerHTML + document.cookie;
    });
    for (const { value } of tokens) {
      expect(signIn.body).not.toContain(value);
      expect(html).not.toContain(value);
      expect(globals).not.toContain(value);
    }
    await context.close();
  });
});
