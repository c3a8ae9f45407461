import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';

// The header's search box holds the query on that query's results (docs/decisions/0370), as
// shoppers expect, to refine it; it was empty. Server-rendered, so without JavaScript too. The
// value comes from the URL: the results page is a document template (ADR 0203), kept per URL, and
// the template of one query never shows it on another's page, nor on a page that is no search.
let shop: TestShop;
beforeAll(async () => {
  // The template's cache-status header is for the configured proxies (ADR 0246).
  shop = await startShop({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => shop?.close());

type Page = { html: string; template: string | undefined };

async function page(path: string): Promise<Page> {
  const response = await request(`${shop.url}${path}`, { headers: { accept: 'text/html' } });
  expect(response.statusCode).toBe(200);
  return {
    html: await response.body.text(),
    template: response.headers['x-page-template'] as string | undefined,
  };
}

/** The value of the header's search field, its character references read. */
function headerQuery(html: string): string {
  const field = /<div class="site-header-search">.*?<input([^>]*)>/s.exec(html);
  expect(field).not.toBeNull();
  const value = /\svalue="([^"]*)"/.exec(field![1]!);
  expect(value).not.toBeNull();
  const named: Record<string, string> = { quot: '"', lt: '<', gt: '>', '#x27': "'", amp: '&' };
  return value![1]!.replace(
    /&(quot|lt|gt|#x27|#x([0-9a-f]+)|amp);/g,
    (_all, name: string, hex?: string) =>
      hex ? String.fromCodePoint(parseInt(hex, 16)) : named[name]!,
  );
}

describe("the header's search box", () => {
  it('holds the query on its results, the same from a kept template, and no other', async () => {
    const first = await page('/search/milk');
    expect(headerQuery(first.html)).toBe('milk');
    const again = await page('/search/milk');
    expect(again.template).toBe('hit');
    expect(headerQuery(again.html)).toBe('milk');

    // Another query's page has its own; and so does a product seen from the results.
    expect(headerQuery((await page('/search/bread')).html)).toBe('bread');
    const product = /<a href="(\/search\/milk\/[^"]+)" class="product-card-link"/.exec(
      first.html,
    )![1]!;
    expect(headerQuery((await page(product)).html)).toBe('milk');

    // Pages that are no search keep it empty: home, the search page, a category's listing.
    const search = await page('/search');
    expect(headerQuery(search.html)).toBe('');
    expect(headerQuery((await page('/')).html)).toBe('');
    const category = /href="(\/search\?category=[^"]+)"/.exec(search.html)![1]!;
    expect(headerQuery((await page(category.replace(/&amp;/g, '&'))).html)).toBe('');
  });

  it('holds a query with quotes, < and & as typed, as text, from the form without JavaScript', async () => {
    const typed = `"fresh" <b>milk</b> & 'eggs'`;
    const form = await request(`${shop.url}/search?${new URLSearchParams({ q: typed })}`);
    await form.body.text();
    expect(form.statusCode).toBe(302);
    const results = await page(String(form.headers.location));
    expect(headerQuery(results.html)).toBe(typed);
    expect(results.html).not.toContain('<b>milk</b>');
  });
});
