import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandPage, ProductDetail, SearchResult } from '../../shared/contracts/catalogue';
import { TENANTS } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';
import { withWideCharacters } from '../support/wide-characters';

// The catalogue, search and content screens over HTTP against the reference platform: the HTML
// carries the platform's real data, unknown things are 404 pages, and each shop (by host) sees
// its own name, currency, robots.txt and sitemap, at its configured origin (ADR 0272).
let shop: TestShop;
let port: string;

beforeAll(async () => {
  shop = await startShop();
  port = new URL(shop.url).port;
});
afterAll(async () => {
  await shop?.close();
});

async function get(path: string, host = `localhost:${port}`) {
  const response = await request(`${shop.url}${path}`, { headers: { host, accept: 'text/html' } });
  return {
    status: response.statusCode,
    headers: response.headers,
    // As a browser reads it: a template's € is a reference (ADR 0286).
    text: withWideCharacters(await response.body.text()),
  };
}

async function platformJson<T>(path: string, tenant: 'fresh' | 'harbour' = 'fresh'): Promise<T> {
  const response = await shop.platform.call(`/api/services/catalogue/api/v1${path}`, { tenant });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const jsonLdOf = (html: string) => {
  const match = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
};
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

describe('home', () => {
  it('shows the seeded home blocks: hero, categories, product rails and brands', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Groceries, fresh from the market');
    expect(page.text).toContain('Shop by category');
    expect(page.text).toContain('Fruit &amp; Vegetables');
    expect(page.text).toContain('In season');
    expect(page.text).toContain('Popular brands');
    expect(page.text).toMatch(/href="\/brands\/[a-z-]+"/);
    expect(page.text).toMatch(/href="\/products\/[a-z-]+\/[a-z-]+\/[a-z0-9-]+"/);
    expect(page.text).toContain(`<link rel="canonical" href="${TENANTS.fresh.origin}/"/>`);
  });

  it('shows the second shop its own name, blocks and currency', async () => {
    const page = await get('/', `harbour.localhost:${port}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Harbour Grocers');
    expect(page.text).toContain('From the quay to your kitchen');
    expect(page.text).toContain('£');
    expect(page.text).not.toContain('€');
    expect(page.text).toContain(`<link rel="canonical" href="${TENANTS.harbour.origin}/"/>`);
  });
});

describe('brand and product', () => {
  it('shows a brand with its products and page links', async () => {
    const brand = await platformJson<BrandPage>('/brands/green-valley');
    const page = await get('/brands/green-valley');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<h1>${brand.brand.name}</h1>`);
    expect(page.text).toContain(escaped(brand.brand.description));
    expect(page.text).toContain(escaped(brand.items[0]!.name));
    if (brand.total > brand.pageSize)
      expect(page.text).toContain('href="/brands/green-valley?page=2"');
  });

  it('shows a product by its multi-segment slug: prices per single and per case, breadcrumbs, JSON-LD', async () => {
    const [first] = (await platformJson<SearchResult>('/search?q=milk&pageSize=1')).items;
    const product = await platformJson<ProductDetail>(
      `/products/by-slug?slug=${encodeURIComponent(first!.slug)}`,
    );
    expect(product.slug.split('/').length).toBeGreaterThan(1);
    const page = await get(`/products/${product.slug}`);
    expect(page.status).toBe(200);
    const money = (cents: number) =>
      new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
    expect(page.text).toContain(escaped(product.name));
    expect(page.text).toContain(money(product.offering.priceSingleCents));
    expect(page.text).toContain(money(product.offering.priceCaseCents));
    expect(page.text).toContain(`Case of ${product.offering.caseSize}`);
    expect(page.text).toContain('aria-label="Breadcrumb"');
    expect(page.text).toContain(`href="/brands/${product.brand.slug}"`);
    expect(page.text).toContain('You may also like');
    const jsonLd = jsonLdOf(page.text);
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: product.name,
      offers: { priceCurrency: 'EUR', price: (product.offering.priceSingleCents / 100).toFixed(2) },
    });
    expect(page.text).toContain(
      `<link rel="canonical" href="${TENANTS.fresh.origin}/products/${product.slug}"/>`,
    );
  });

  it('answers unknown brands and products with the 404 page', async () => {
    for (const path of ['/products/no/such/product', '/brands/no-such-brand']) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      expect(page.text).toContain('Page not found');
      expect(page.text).toContain(`Page Not Found: ${path}`);
    }
  });
});

describe('search', () => {
  it('redirects the search box form (?q=) to the results and shows popular categories', async () => {
    const redirect = await get('/search?q=whole%20milk');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe('/search/whole%20milk');
    const page = await get('/search');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Popular categories');
    expect(page.text).toContain('role="combobox"');
  });

  it('shows results with brand and category facets', async () => {
    const result = await platformJson<SearchResult>('/search?q=milk');
    const page = await get('/search/milk');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`${result.total} products`);
    for (const facet of [...result.facets.brands, ...result.facets.categories])
      expect(page.text).toContain(escaped(facet.name));
    const brand = result.facets.brands[0]!;
    expect(page.text).toContain(`href="/search/milk?brand=${brand.slug}"`);
  });

  it('filters by brand and sorts by price', async () => {
    const { facets } = await platformJson<SearchResult>('/search?q=milk');
    const brand = facets.brands[0]!;
    const filtered = await platformJson<SearchResult>(
      `/search?q=milk&brand=${brand.slug}&sort=price-asc`,
    );
    const page = await get(`/search/milk?brand=${brand.slug}&sort=price-asc`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`${filtered.total} product`);
    const names = filtered.items.map((item) => escaped(item.name));
    const positions = names.map((name) => page.text.indexOf(`product-card-name">${name}`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(page.text).toContain('aria-current="true"');
  });

  it('pages through the results', async () => {
    const second = await platformJson<SearchResult>('/search?q=fruit&page=2&pageSize=24');
    expect(second.total).toBeGreaterThan(24);
    const page = await get('/search/fruit?page=2');
    expect(page.status).toBe(200);
    expect(page.text).toContain(escaped(second.items[0]!.name));
    expect(page.text).toContain('rel="prev"');
    expect(page.text).toContain('<span aria-current="page">2</span>');
  });

  it('shows an empty state with suggestions when nothing matches', async () => {
    const page = await get('/search/zzqqxx');
    expect(page.status).toBe(200);
    expect(page.text).toContain('No products found for “zzqqxx”');
    expect(page.text).toContain('Browse a category');
  });

  it('shows a product in the context of its results, with a way back keeping the filters', async () => {
    const { items } = await platformJson<SearchResult>('/search?q=milk&sort=price-asc');
    const slug = items[0]!.slug;
    const page = await get(`/search/milk/${encodeURIComponent(slug)}?sort=price-asc`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(escaped(items[0]!.name));
    expect(page.text).toContain('href="/search/milk?sort=price-asc"');
  });
});

describe('content, policies, robots and sitemap', () => {
  it('shows content and policy pages and 404s unknown ones', async () => {
    const about = await get('/page/about');
    expect(about.status).toBe(200);
    expect(about.text).toMatch(/<h1 id="content-title">[^<]+<\/h1>/);
    const terms = await get('/policy/delivery', `harbour.localhost:${port}`);
    expect(terms.status).toBe(200);
    expect(terms.text).toContain('£3.50');
    expect((await get('/page/no-such-page')).status).toBe(404);
    expect((await get('/policy/no-such-policy')).status).toBe(404);
  });

  it('serves robots.txt and sitemap.xml per shop', async () => {
    for (const [host, origin] of [
      [`localhost:${port}`, TENANTS.fresh.origin],
      [`harbour.localhost:${port}`, TENANTS.harbour.origin],
    ] as const) {
      const robots = await get('/robots.txt', host);
      expect(robots.status).toBe(200);
      expect(robots.headers['content-type']).toMatch(/^text\/plain/);
      expect(robots.text).toContain(`Sitemap: ${origin}/sitemap.xml`);
      expect(robots.text).toContain('Disallow: /checkout');
      const sitemap = await get('/sitemap.xml', host);
      expect(sitemap.status).toBe(200);
      expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
      for (const path of ['/', '/policy/terms', '/page/about', '/brands/green-valley']) {
        expect(sitemap.text).toContain(`<loc>${origin}${path}</loc>`);
      }
      expect((sitemap.text.match(/<loc>[^<]*\/products\//g) ?? []).length).toBeGreaterThanOrEqual(
        500,
      );
    }
  });
});
