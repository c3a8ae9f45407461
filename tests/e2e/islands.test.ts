import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// Islands (docs/decisions/0204): the header's cart widget, the search box and the add buttons are
// not on the first load; their code comes once the page is idle or at the first interaction, and
// then they work as before (in the browser, not as the no-JavaScript form posts).
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const ISLANDS = /\/assets\/(cart-widget|search-box|quantity-controls)-[\w-]+\.js$/;

/** A page that records the island chunks it fetches and every document it loads. */
async function watched(options: { noIdle?: boolean; islandCode?: 'late' | 'lost' } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Without idle callbacks only an interaction can start the islands.
  if (options.noIdle) await page.addInitScript(() => (window.requestIdleCallback = () => 0));
  // The islands' code comes late (800 ms), or fails then: what the shopper does first lands on
  // the server's HTML.
  const { islandCode } = options;
  if (islandCode)
    await page.route(ISLANDS, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await (islandCode === 'late' ? route.continue() : route.abort());
    });
  const islands: string[] = [];
  const documents: string[] = [];
  page.on('request', (request) => {
    if (ISLANDS.test(request.url())) islands.push(new URL(request.url()).pathname);
    if (request.resourceType() === 'document') documents.push(request.method());
  });
  return { page, islands, documents, close: () => context.close() };
}

async function open(page: Page, path: string) {
  await page.goto(`${shop.url}${path}`);
  await page.waitForSelector('html[data-hydrated="true"]');
}

describe('islands', () => {
  it('are not preloaded; at idle they load, and "Add 1" adds in the browser', async () => {
    const { page, islands, documents, close } = await watched();
    // The document as sent (Vite adds modulepreload links of its own once an island loads).
    const html = (await (await page.goto(`${shop.url}/search/milk`))?.text()) ?? '';
    await page.waitForSelector('html[data-hydrated="true"]');
    const preloads = [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(preloads.length).toBeGreaterThan(0);
    expect(preloads.filter((href) => ISLANDS.test(href))).toEqual([]);
    await expect.poll(() => islands.length, { timeout: 30_000 }).toBe(3);

    const add = page.getByRole('button', { name: /^Add 1 / }).first();
    const name = ((await add.getAttribute('aria-label')) ?? (await add.textContent()) ?? '')
      .replace(/^Add 1 /, '')
      .trim();
    await add.click();
    await page.getByRole('button', { name: `Increase quantity of ${name} (singles)` }).waitFor();
    await expect.poll(() => page.locator('.cart-summary').textContent()).toMatch(/^1 item, /);
    // One document: the page itself, no form post to /cart.
    expect(documents).toEqual(['GET']);
    await close();
  });

  it('load at the first interaction when the page never gets idle: suggestions as one types', async () => {
    const { page, islands, close } = await watched({ noIdle: true });
    await open(page, '/');
    // Hydrated without them.
    await page.waitForTimeout(500);
    expect(islands).toEqual([]);
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.click();
    await expect
      .poll(() => islands.some((path) => path.includes('search-box')), { timeout: 30_000 })
      .toBe(true);
    await box.pressSequentially('milk', { delay: 30 });
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await listbox.waitFor({ state: 'visible' });
    expect(await listbox.getByRole('option').count()).toBeGreaterThan(0);
    // The header's cart button opens the cart panel (its island hydrated too).
    await page.getByRole('link', { name: /^Cart/ }).click();
    await page.getByRole('dialog', { name: 'Your cart' }).waitFor();
    await close();
  });

  it('take text typed before their code arrived: its suggestions show once hydrated', async () => {
    const { page, close } = await watched({ noIdle: true, islandCode: 'late' });
    await open(page, '/');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.pressSequentially('milk', { delay: 10 });
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await listbox.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await listbox.getByRole('option').count()).toBeGreaterThan(0);
    expect(await box.inputValue()).toBe('milk');
    // Enter searches for what the field holds, even text React has not taken into its state yet
    // (typed between hydration and the effect that takes it; CI run33 searched for nothing).
    await box.evaluate((field: HTMLInputElement) => void (field.value = 'bread'));
    await box.press('Enter');
    await page.waitForURL(/\/search\/bread$/);
    await close();
  });

  it('hold a form sent before their code arrived and send it once hydrated: every click counts', async () => {
    const { page, documents, close } = await watched({ noIdle: true, islandCode: 'late' });
    await open(page, '/search/milk');
    const add = page.getByRole('button', { name: /^Add 1 / }).first();
    const name = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add 1 /, '').trim();
    await add.click();
    const shown = page.getByRole('status', { name: `Quantity of ${name} (singles)` });
    await expect.poll(() => shown.textContent(), { timeout: 15_000 }).toBe('1');

    // The stepper as the server renders it, clicked three times before its code arrived.
    await open(page, '/search/milk');
    const plus = page.getByRole('button', { name: `Increase quantity of ${name} (singles)` });
    for (let i = 0; i < 3; i++) await plus.click({ delay: 0 });
    await expect.poll(() => shown.textContent(), { timeout: 15_000 }).toBe('4');
    await expect
      .poll(() => page.locator('.cart-summary').textContent(), { timeout: 15_000 })
      .toMatch(/^4 items, /);
    // No form post to /cart: the documents are the two page loads.
    expect(documents).toEqual(['GET', 'GET']);
    await close();
  });

  it('post a held form as without JavaScript when their code does not load', async () => {
    const { page, documents, close } = await watched({ noIdle: true, islandCode: 'lost' });
    await open(page, '/search/milk');
    await page
      .getByRole('button', { name: /^Add 1 / })
      .first()
      .click();
    // The form post to /cart, its redirect back, and the page with one item in the cart.
    await expect.poll(() => documents, { timeout: 15_000 }).toEqual(['GET', 'POST', 'GET']);
    await expect.poll(() => page.locator('.cart-summary').textContent()).toMatch(/^1 item, /);
    await close();
  });

  it("keep the page on screen while a client navigation fetches the next page's code (ADR 0208)", async () => {
    const { page, islands, documents, close } = await watched();
    await open(page, '/');
    await expect.poll(() => islands.length, { timeout: 30_000 }).toBe(3);
    // From here every chunk comes 800 ms late: the product page's code among them.
    await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const state = window as unknown as { blank: boolean };
      state.blank = false;
      new MutationObserver(() => {
        if (!main.textContent?.trim()) state.blank = true;
      }).observe(main, { childList: true, subtree: true, characterData: true });
    });
    const link = page.locator('main a[href^="/products/"]').first();
    const target = await link.getAttribute('href');
    const h1 = page.locator('main h1').first();
    const before = await h1.textContent();
    // While the address is the product's and the home page is still on screen, that page takes
    // no input: its <main> is inert (checked on every frame and DOM change).
    await page.evaluate((homeHeading) => {
      const state = window as unknown as { pendingSeen: number; takingInput: number };
      state.pendingSeen = 0;
      state.takingInput = 0;
      const check = () => {
        const main = document.querySelector('main')!;
        if (location.pathname === '/' || main.querySelector('h1')?.textContent !== homeHeading)
          return;
        state.pendingSeen += 1;
        if (!main.inert) state.takingInput += 1;
      };
      new MutationObserver(check).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
      });
      const frame = () => {
        check();
        requestAnimationFrame(frame);
      };
      frame();
    }, before);
    await link.click();
    await page.waitForURL((url) => url.pathname === target);
    // The home page stays until the product page's code is there, then the product shows.
    await expect.poll(() => h1.textContent(), { timeout: 15_000 }).not.toBe(before);
    const heading = (await h1.textContent()) ?? '';
    expect(heading).not.toBe('');
    // The title came with the loader's data (computed on the server, ADR 0208).
    await expect.poll(() => page.title()).toContain(heading);
    expect(await page.evaluate(() => (window as unknown as { blank: boolean }).blank)).toBe(false);
    const guard = await page.evaluate(() => {
      const { pendingSeen, takingInput } = window as unknown as Record<string, number>;
      return { pendingSeen, takingInput };
    });
    expect(guard.pendingSeen).toBeGreaterThan(0);
    expect(guard.takingInput).toBe(0);
    // The product page takes input again.
    expect(await page.evaluate(() => document.querySelector('main')!.inert)).toBe(false);
    // A client navigation, not a document load.
    expect(documents).toEqual(['GET']);
    await close();
  });
});
