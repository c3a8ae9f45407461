import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// The catalogue journey in Chromium: suggestions as the shopper types, choosing one by keyboard,
// filtering results by a facet, opening a product, with no console errors and no CSP violations
// (the product page's JSON-LD is a data block the CSP must not block).
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function watchedPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`response: ${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return { page, problems };
}

// Every console error, CSP violation or failed response fails the test.
const KNOWN_ELSEWHERE: RegExp[] = [];
const unexpected = (problems: readonly string[]) =>
  problems.filter((p) => !KNOWN_ELSEWHERE.some((known) => known.test(p)));

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]');

describe('catalogue in Chromium', () => {
  it('suggests products as the shopper types and opens the chosen one', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${shop.url}/`);
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.pressSequentially('milk', { delay: 30 });
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await listbox.waitFor({ state: 'visible' });
    const options = listbox.getByRole('option');
    expect(await options.count()).toBeGreaterThan(0);
    const first = (await options.first().locator('.suggestion-label').textContent()) ?? '';
    await box.press('ArrowDown');
    await expect(options.first().getAttribute('aria-selected')).resolves.toBe('true');
    await expect(box.getAttribute('aria-activedescendant')).resolves.toBe(
      await options.first().getAttribute('id'),
    );
    await box.press('Enter');
    await page.waitForURL(/\/products\//);
    await page.getByRole('heading', { level: 1, name: first, exact: true }).waitFor();
    expect(unexpected(problems)).toEqual([]);
    await page.close();
  });

  it('searches on Enter, filters by a facet, and opens a product in the context of the results', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${shop.url}/search`);
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Search products' }).first();
    await box.fill('milk');
    await box.press('Enter');
    await page.waitForURL(`${shop.url}/search/milk`);
    await page.getByRole('heading', { name: 'Results for “milk”' }).waitFor();

    const brandFacet = page.getByRole('region', { name: 'Brand' }).getByRole('link').first();
    const brandName = (await brandFacet.locator('.facet-name').textContent()) ?? '';
    await brandFacet.click();
    await page.waitForURL(/\?brand=/);
    const chosen = page.getByRole('region', { name: 'Brand' }).locator('[aria-current="true"]');
    await expect(chosen.locator('.facet-name').textContent()).resolves.toBe(brandName);
    const metas = await page.locator('.product-card-meta').allTextContents();
    expect(metas.length).toBeGreaterThan(0);
    for (const meta of metas) expect(meta).toContain(brandName);

    await page.getByLabel('Sort by').selectOption('price-asc');
    await page.waitForURL(/sort=price-asc/);
    expect(page.url()).toContain('brand=');

    await page.locator('.product-card-link').first().click();
    await page.waitForURL(/\/search\/milk\/[^/?]+\?/);
    const back = page.getByRole('link', { name: /Back to the results/ });
    expect(await back.getAttribute('href')).toMatch(
      /^\/search\/milk\?brand=[a-z-]+&sort=price-asc$/,
    );
    await back.click();
    await page.waitForURL(/\/search\/milk\?brand=/);
    expect(unexpected(problems)).toEqual([]);
    await page.close();
  });

  it('renders the product page with its JSON-LD and no CSP violation', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${shop.url}/search/bread`);
    await hydrated(page);
    const href = await page.locator('.product-card-link').first().getAttribute('href');
    const slug = decodeURIComponent(href!.split('/')[3]!.split('?')[0]!);
    const response = await page.goto(`${shop.url}/products/${slug}`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@type': 'Product' });
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(
      page
        .getByText(/Case of \d+:/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    expect(unexpected(problems)).toEqual([]);
    await page.close();
  });
});
