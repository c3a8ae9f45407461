import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../shared/contracts/catalogue';
import { startShop, type TestShop } from '../support/shop';

// Where the search results' links and forms lead, without JavaScript as with it.
// - The sort form is a GET form (with JavaScript React Router's Form submits the same fields):
//   what it sends is every filter of the results plus the sort. It kept the brand and the
//   category but not "free from", so a shopper who had chosen foods free from milk and then
//   sorted by price got the products with milk back, the filter gone.
// - A search whose text ends in ".data" was sent to /search/<text>, which React Router takes for
//   a data request: the shopper got the raw data of another search, and the page's canonical URL
//   named that address too.
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

/** The query a browser sends with the sort form, choosing `sort`. */
function sortFormQuery(page: string, sort: string): string {
  const form = page.match(/<form class="sort-form"[^>]*action="([^"]+)"[^>]*>(.*?)<\/form>/s);
  expect(form).not.toBeNull();
  const fields = new URLSearchParams();
  for (const [, name, value] of form![2]!.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
  ))
    fields.append(name!, value!.replace(/&amp;/g, '&'));
  fields.set('sort', sort);
  return `${form![1]}?${fields}`;
}

describe('sorting search results', () => {
  it('keeps the free-from filter, as it keeps the brand and the category', async () => {
    const response = await shop.platform.call(
      '/api/services/catalogue/api/v1/search?q=milk&freeFrom=milk',
      { tenant: 'fresh' },
    );
    const free = (await response.json()) as SearchResult;
    expect(free.total).toBeGreaterThan(0);

    const results = await html('/search/milk?freeFrom=milk');
    const sorted = sortFormQuery(results, 'price-asc');
    expect(new URLSearchParams(sorted.split('?')[1]).get('freeFrom')).toBe('milk');
    const page = await html(sorted);
    expect(page).toContain(`role="status">${free.total} products<`);
  });
});

describe('a search ending in ".data"', () => {
  it('leads to its results page, whose canonical URL is a page too', async () => {
    const form = await request(`${shop.url}/search?q=${encodeURIComponent('milk.data')}`, {
      headers: { accept: 'text/html' },
    });
    expect(form.statusCode).toBe(302);
    await form.body.dump();
    const location = new URL(String(form.headers.location), shop.url);
    const results = await request(location, { headers: { accept: 'text/html' } });
    expect(results.statusCode).toBe(200);
    expect(results.headers['content-type']).toMatch(/^text\/html/);
    const page = await results.body.text();
    expect(page).toContain('Results for &#x201c;milk.data&#x201d;');
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page)![1]!;
    expect(new URL(canonical).pathname).toBe(location.pathname);
  });

  it('keeps a results page past the last one out of search engines (noindex), as one with none', async () => {
    const past = await html('/search/milk?page=999');
    expect(past).toContain('<meta name="robots" content="noindex"/>');
    const first = await html('/search/milk');
    expect(first).not.toContain('<meta name="robots" content="noindex"/>');
  });
});
