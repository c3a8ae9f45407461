import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// The consent banner (ADR 0265) is the gateway's HTML, not React's: with JavaScript a choice must
// still post at once (the islands' submit hold, client/lib/island-submits.ts, held it for 8 s as an
// island's form whose code never came) and come back to the page the shopper is on after client
// navigations (its `return` was the first page's path, written by the gateway).
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const banner = (page: Page) => page.getByRole('region', { name: 'Privacy choices' });

/** A first visit to `path`, hydrated, with the documents it loads from then on. */
async function visit(path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document')
      documents.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await page.goto(`${shop.url}${path}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  return { page, documents, close: () => context.close() };
}

describe('the consent banner with JavaScript', () => {
  it('posts a choice at once once the page is hydrated', async () => {
    const { page, documents, close } = await visit('/');
    const posted = page.waitForRequest((r) => r.method() === 'POST', { timeout: 3_000 });
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await posted;
    await page.waitForURL(() => documents.length === 3);
    expect(documents).toEqual(['GET /', 'POST /consent', 'GET /']);
    await close();
  });

  it('comes back to the page the shopper navigated to on the client', async () => {
    const { page, documents, close } = await visit('/');
    // A product from the home page, opened on the client (no document loaded).
    const card = page.locator('a.product-card-link').first();
    const product = new URL((await card.getAttribute('href'))!, shop.url).pathname;
    // Once the grid's island handles clicks: before, a click is the browser's own navigation (a
    // document load), as without JavaScript (CI at 04cb6bc on a busy machine).
    await reactHandles(page, '.product-rail, .product-grid');
    await card.click();
    await page.waitForURL((url) => url.pathname === product);
    await page.locator('main h1').waitFor();
    expect(documents).toEqual(['GET /']);

    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL(() => documents.length === 3, { timeout: 15_000 });
    expect(documents).toEqual(['GET /', 'POST /consent', `GET ${product}`]);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await banner(page).count()).toBe(0);
    await close();
  });

  it('comes back to the address the page is at even before the footer kept the field up to date', async () => {
    const { page, documents, close } = await visit('/');
    // An address the router never heard of: the footer's code leaves `return` at "/" (as it is
    // before that code arrives); the banner's post names the address it is made from.
    await page.evaluate(() => history.pushState(null, '', '/brands?from=banner'));
    expect(await page.inputValue('.consent-form input[name="return"]')).toBe('/');
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(() => documents.length === 3, { timeout: 15_000 });
    expect(documents).toEqual(['GET /', 'POST /consent', 'GET /brands']);
    await close();
  });
});
