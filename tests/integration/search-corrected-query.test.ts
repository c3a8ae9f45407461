import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';

// A misspelt search (ADR 0160's typo tolerance) over HTTP against the reference platform: the
// page headed "Results for “brocoli”" said "Showing results for “broccoli”" under it, two
// statements at odds, and its title and description named "brocoli" too. What the results are
// for is the corrected query, everywhere the page and the product seen from it name them
// (docs/decisions/0372).
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.close());

async function html(path: string) {
  const response = await request(`${shop.url}${path}`, { headers: { accept: 'text/html' } });
  expect(response.statusCode).toBe(200);
  return response.body.text();
}
// As a browser reads it: React writes the quotation marks as references.
const read = (page: string) =>
  page
    .replace(/&#x201c;/g, '“')
    .replace(/&#x201d;/g, '”')
    .replace(/<!-- -->/g, '');

describe('a search for “brocoli”', () => {
  it('says once what it found nothing for, and names “broccoli” as what it shows', async () => {
    const page = read(await html('/search/brocoli'));
    expect(page).toMatch(/<h1>Results for “broccoli”<\/h1>/);
    expect(page).toContain('No products found for “brocoli”; showing “broccoli” instead.');
    expect(page).not.toContain('Results for “brocoli”');
    expect(page).toMatch(/<title>“broccoli” \| Fresh Market<\/title>/);
    expect(page).toMatch(/<meta name="description" content="\d+ products? found for “broccoli”\."/);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page)![1]!;
    expect(new URL(canonical).pathname).toBe('/search/broccoli');
  });

  it('opens a product whose breadcrumb and way back name the same results', async () => {
    const results = await html('/search/brocoli');
    const link = /<a href="([^"]+)" class="product-card-link"/.exec(results)![1]!;
    expect(link).toMatch(/^\/search\/broccoli\/[^/?]+$/);
    const product = read(await html(link));
    expect(product).toMatch(/<a href="\/search\/broccoli"[^>]*>Results for “broccoli”<\/a>/);
    expect(product).toMatch(
      /<a href="\/search\/broccoli"[^>]*>&#x2039; Back to the results for “broccoli”/,
    );
    expect(product).not.toContain('brocoli');
  });

  it('keeps a search nothing corrected as it was typed', async () => {
    const page = read(await html('/search/broccoli'));
    expect(page).toMatch(/<h1>Results for “broccoli”<\/h1>/);
    expect(page).not.toContain('No products found for');
  });
});
