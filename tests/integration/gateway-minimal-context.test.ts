import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cataloguePaths, type SearchResult } from '../../shared/contracts/catalogue';
import { productDetail } from '../support/catalogue-fixtures';
import type { FakeUpstream } from '../support/fake-upstream';
import { startPageGateway, type PageGateway } from '../support/page-gateway';
import { withWideCharacters } from '../support/wide-characters';

// A context carrying only what the specification requires (section 3: cid, tenant with its id,
// url, page): no shop name, currency, locale, origin or navigation. Pages still render with
// their statuses, and show the code's fallbacks: the name "Shop" (client/lib/seo.ts, the
// layout), a Search link for navigation, prices as the fallback locale en-GB writes them
// (client/lib/money.ts; each price carries its own currency, so the fallback currency EUR shows
// on no public page: client/lib/money.test.ts checks it), and canonical links on the page's own
// origin (client/lib/public-origin.ts). In both encodings of the context: the specification's
// JSON-encoded string and a JSON object.
let gw: PageGateway;
beforeAll(async () => {
  gw = await startPageGateway();
});
afterAll(async () => {
  await gw.app.close();
  await gw.upstream.close();
});
beforeEach(() => {
  gw.upstream.reset();
});

const SLUG = 'dairy-eggs/meadowbrook/whole-milk';
const product = productDetail(SLUG, { product: 'Whole Milk', brand: 'Meadowbrook' });
const results: SearchResult = {
  items: [product],
  total: 1,
  page: 1,
  pageSize: 24,
  facets: { brands: [], categories: [] },
};

/** Answers the context call with the required fields only, as a JSON string or a JSON object. */
function serveMinimalContext(upstream: FakeUpstream, asString: boolean) {
  upstream.on('GET', '/cms-api/context', (request) => {
    const context = {
      cid: request.query.get('cid'),
      tenant: { id: 'fresh' },
      url: JSON.parse(request.query.get('url') ?? '{}'),
      page: { isLoggedIn: false, siteError: null },
    };
    return asString
      ? {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(JSON.stringify(context)),
        }
      : { body: context };
  });
}

async function page(path: string) {
  const response = await gw.app.inject({
    method: 'GET',
    url: path,
    headers: { host: 'localhost:3000' },
  });
  // As a browser reads it: a template's € is a reference (ADR 0286).
  return { response, html: withWideCharacters(response.body) };
}

/** The layout's fallbacks: the shop's name in the header and a Search link for navigation. */
function expectFallbackLayout(html: string) {
  expect(html).toMatch(/<a href="\/"[^>]* class="shop-name" aria-label="Shop, home">Shop<\/a>/);
  expect(html).toMatch(
    /<nav aria-label="Main" class="main-nav"><ul><li><a href="\/search"[^>]*>Search<\/a><\/li><\/ul><\/nav>/,
  );
}

describe.each([
  ['a JSON-encoded string', true],
  ['a JSON object', false],
])('a context with only the required fields, as %s', (_form, asString) => {
  beforeEach(() => serveMinimalContext(gw.upstream, asString));

  it('renders the home page with the fallback name, navigation and canonical origin', async () => {
    const { response, html } = await page('/');
    expect(response.statusCode).toBe(200);
    expectFallbackLayout(html);
    expect(html).toContain('<title>Shop</title>');
    expect(html).toContain('<meta property="og:site_name" content="Shop"/>');
    expect(html).toContain('<meta name="description" content="Groceries delivered by Shop."/>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/"/>');
  });

  it('renders search results with prices in the fallback format', async () => {
    gw.upstream.on('GET', cataloguePaths.search, { body: results });
    const { response, html } = await page('/search/milk');
    expect(response.statusCode).toBe(200);
    expectFallbackLayout(html);
    expect(html).toContain('<title>“milk” | Shop</title>');
    expect(html).toContain('Whole Milk');
    expect(html).toContain('€1.29');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/search/milk"/>');
  });

  it('renders a product page with the fallback name and price format', async () => {
    gw.upstream.on('GET', '/api/services/catalogue/api/v1/products/by-slug', { body: product });
    const { response, html } = await page(`/products/${SLUG}`);
    expect(response.statusCode).toBe(200);
    expectFallbackLayout(html);
    expect(html).toContain('<title>Whole Milk – Meadowbrook | Shop</title>');
    expect(html).toContain('€1.29');
    expect(html).toContain('€12.90');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/products/${SLUG}"/>`);
  });

  it('answers an unknown path with the 404 page inside the fallback layout', async () => {
    const { response, html } = await page('/no/such/page');
    expect(response.statusCode).toBe(404);
    expectFallbackLayout(html);
    expect(html).toContain('Page Not Found: /no/such/page');
    expect(html).toContain(response.headers['x-correlation-id'] as string);
  });
});
