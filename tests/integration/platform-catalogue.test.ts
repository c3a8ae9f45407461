import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BrandPage,
  CATEGORY_SLUGS,
  cataloguePaths,
  OfferingSummaries,
  ProductDetail,
  ProductList,
  SearchResult,
  Suggestions,
} from '../../shared/contracts/catalogue';
import { startPlatform, type TestPlatform } from '../support/platform';

// The catalogue over real HTTP against the seeded reference platform.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core', 'catalogue'] });
});
afterAll(() => platform.close());

async function json<T>(
  path: string,
  schema: { parse(v: unknown): T },
  tenant: 'fresh' | 'harbour' = 'fresh',
): Promise<T> {
  const response = await platform.call(path, { tenant });
  expect(response.status, await response.clone().text()).toBe(200);
  return schema.parse(await response.json());
}
const search = (query: string) => json(`${cataloguePaths.search}?${query}`, SearchResult);

describe('seed', () => {
  it('holds >= 500 products, >= 30 brands, the 12 categories, and an offering per product and shop', async () => {
    const { rows } = await platform.db.query<Record<string, number>>(`select
      (select count(*)::int from products) as products, (select count(*)::int from brands) as brands,
      (select count(*)::int from products p where (select count(*) from offerings o where o.product_id = p.id) <> 2) as without,
      (select count(*)::int from offerings where price_case_cents >= case_size * price_single_cents) as bad_cases,
      (select count(*)::int from offerings where not available) as unavailable`);
    const counts = rows[0]!;
    expect(counts.products).toBeGreaterThanOrEqual(500);
    expect(counts.brands).toBeGreaterThanOrEqual(30);
    expect(counts.without).toBe(0);
    expect(counts.bad_cases).toBe(0);
    expect(counts.unavailable).toBeGreaterThan(0);
    const categories = (
      await platform.db.query<{ slug: string }>('select slug from categories')
    ).rows.map((r) => r.slug);
    expect(categories).toEqual(expect.arrayContaining([...CATEGORY_SLUGS]));
  });

  it('is idempotent', async () => {
    const before = await platform.db.query(
      'select count(*)::int as n, sum(price_single_cents)::int as s from offerings',
    );
    const { seed } = await import('../../platform/seed/02-catalogue');
    await seed(platform.db);
    expect(
      (
        await platform.db.query(
          'select count(*)::int as n, sum(price_single_cents)::int as s from offerings',
        )
      ).rows,
    ).toEqual(before.rows);
  });
});

describe('products', () => {
  it('finds a product by a multi-segment slug, with its shop price and pictures', async () => {
    const slug = 'dairy-eggs/nordic-dairy/cottage-cheese-500-g';
    const fresh = await json(cataloguePaths.productBySlug(slug), ProductDetail);
    expect(fresh).toMatchObject({
      slug,
      brand: { slug: 'nordic-dairy' },
      category: { slug: 'dairy-eggs' },
      offering: { currency: 'EUR' },
    });
    expect(fresh.description.length).toBeGreaterThan(40);
    expect(fresh.images.length).toBeGreaterThanOrEqual(1);
    const harbour = await json(cataloguePaths.productBySlug(slug), ProductDetail, 'harbour');
    expect(harbour.offering.currency).toBe('GBP');
    expect(harbour.offering.priceSingleCents).not.toBe(fresh.offering.priceSingleCents);
  });

  it('answers 404 for an unknown slug, 400 for a missing one and 421 for no shop', async () => {
    expect((await platform.call(cataloguePaths.productBySlug('dairy-eggs/nope'))).status).toBe(404);
    expect((await platform.call(`${cataloguePaths.productBySlug('')}`)).status).toBe(400);
    const noShop = await fetch(platform.url + cataloguePaths.brands);
    expect(noShop.status).toBe(421);
  });

  it('batches by ids and slugs in the order asked, and offerings keyed by id', async () => {
    const byIds = await json(
      cataloguePaths.productsByIds(['prd-0003', 'prd-0001', 'nope']),
      ProductList,
    );
    expect(byIds.items.map((p) => p.id)).toEqual(['prd-0003', 'prd-0001']);
    const bySlugs = await json(cataloguePaths.productsBySlugs([byIds.items[1]!.slug]), ProductList);
    expect(bySlugs.items.map((p) => p.id)).toEqual(['prd-0001']);
    const offerings = await json(
      cataloguePaths.offerings(['off-fresh-prd-0001', 'off-harbour-prd-0002']),
      OfferingSummaries,
    );
    expect(Object.keys(offerings.offerings)).toEqual(['off-fresh-prd-0001']);
    expect(
      (await platform.call(`${cataloguePaths.search.replace('search', 'products')}`)).status,
    ).toBe(400);
  });

  it('features the same products on every load, and relates by category and brand', async () => {
    const one = await json(cataloguePaths.featured(8), ProductList);
    const two = await json(cataloguePaths.featured(8), ProductList);
    expect(one.items).toHaveLength(8);
    expect(two.items.map((p) => p.id)).toEqual(one.items.map((p) => p.id));
    expect(new Set(one.items.map((p) => p.category.slug)).size).toBe(8);
    const related = await json(cataloguePaths.related('prd-0001', 4), ProductList);
    expect(related.items).toHaveLength(4);
    expect(
      related.items.every((p) => p.id !== 'prd-0001' && p.category.slug === 'fruit-vegetables'),
    ).toBe(true);
    // The same answer by slug, so a product page can ask in parallel with the product itself.
    const bySlug = await json(cataloguePaths.related(related.items[0]!.slug, 4), ProductList);
    const byId = await json(cataloguePaths.related(related.items[0]!.id, 4), ProductList);
    expect(bySlug.items.map((p) => p.id)).toEqual(byId.items.map((p) => p.id));
    expect(bySlug.items.some((p) => p.id === related.items[0]!.id)).toBe(false);
  });
});

describe('brands and categories', () => {
  it('lists brands and pages through one brand', async () => {
    const page = await json(
      `${cataloguePaths.brand('nordic-dairy')}?pageSize=5&page=2&sort=price-asc`,
      BrandPage,
    );
    expect(page.brand.name).toBe('Nordic Dairy');
    expect(page.items).toHaveLength(5);
    expect(page.total).toBe(page.brand.productCount);
    const prices = page.items.map((p) => p.offering.priceSingleCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect((await platform.call(cataloguePaths.brand('nope'))).status).toBe(404);
    const categories = (await (await platform.call(cataloguePaths.categories)).json()) as {
      items: { slug: string }[];
    };
    expect(categories.items.map((c) => c.slug)).toEqual([...CATEGORY_SLUGS]);
  });
});

describe('search', () => {
  it('ranks name matches first', async () => {
    const result = await search('q=milk&pageSize=10');
    expect(result.total).toBeGreaterThan(10);
    expect(result.items.slice(0, 5).every((p) => /milk/i.test(p.name))).toBe(true);
  });

  it('matches the last word as a prefix, ignores stop words, and finds nothing without an error', async () => {
    expect((await search('q=chocol')).items.some((p) => /chocolate/i.test(p.name))).toBe(true);
    expect((await search('q=the%20whole%20milk')).items[0]!.name).toMatch(/whole milk/i);
    for (const q of ['', 'zzzzqqq', '%27%3B%20drop%20table', '%26%7C%21%3A*']) {
      const empty = await search(`q=${q}`);
      expect(empty).toMatchObject({ items: [], total: 0, facets: { brands: [], categories: [] } });
    }
  });

  it('counts facets without their own filter and filters by brand and category', async () => {
    const all = await search('q=organic&pageSize=60');
    const brand = all.facets.brands[0]!;
    const filtered = await search(`q=organic&brand=${brand.slug}&pageSize=60`);
    expect(filtered.total).toBe(brand.count);
    expect(filtered.items.every((p) => p.brand.slug === brand.slug)).toBe(true);
    // The brand facet still lists the other brands; the category facet narrows to the brand.
    expect(filtered.facets.brands).toEqual(all.facets.brands);
    expect(filtered.facets.categories.reduce((n, f) => n + f.count, 0)).toBe(brand.count);
    const category = all.facets.categories[0]!;
    const byCategory = await search(`q=organic&category=${category.slug}`);
    expect(byCategory.total).toBe(category.count);
  });

  it('sorts by price and by name, and pages without overlap', async () => {
    const asc = await search('q=cheese&sort=price-asc&pageSize=60');
    const prices = asc.items.map((p) => p.offering.priceSingleCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await search('q=cheese&sort=price-desc&pageSize=60');
    expect(desc.items[0]!.offering.priceSingleCents).toBe(Math.max(...prices));
    const byName = await search('q=cheese&sort=name&pageSize=60');
    const names = byName.items.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const first = await search('q=organic&pageSize=7&page=1');
    const second = await search('q=organic&pageSize=7&page=2');
    expect(second.page).toBe(2);
    expect(second.items.some((p) => first.items.some((f) => f.id === p.id))).toBe(false);
  });

  it('refuses a bad sort or page size with a 400 naming the field', async () => {
    for (const query of ['q=milk&sort=cheapest', 'q=milk&pageSize=61', 'q=milk&page=0']) {
      const response = await platform.call(`${cataloguePaths.search}?${query}`);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toMatch(/sort|pageSize|page/);
    }
  });
});

describe('suggestions and pictures', () => {
  it('suggests products and categories for a prefix, quickly', async () => {
    const started = performance.now();
    const result = await json(`${cataloguePaths.suggest}?q=bak`, Suggestions);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.categories).toEqual([{ slug: 'bakery', name: 'Bakery' }]);
    const milk = await json(`${cataloguePaths.suggest}?q=whole%20mil&limit=3`, Suggestions);
    expect(milk.suggestions).toHaveLength(3);
    expect(milk.suggestions.every((s) => /whole milk/i.test(s.name))).toBe(true);
    expect(await json(`${cataloguePaths.suggest}?q=`, Suggestions)).toEqual({
      suggestions: [],
      categories: [],
    });
  });

  it('serves generated SVG pictures, cacheable, and 404 past the last one', async () => {
    const response = await platform.call(cataloguePaths.image('prd-0001', 1));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('Organic Bananas');
    expect(await (await platform.call(cataloguePaths.image('prd-0001', 1))).text()).toBe(svg);
    expect((await platform.call(cataloguePaths.image('prd-0001', 9))).status).toBe(404);
    expect(
      (await platform.call('/api/services/catalogue/api/v1/images/prd-0001/x.png')).status,
    ).toBe(400);
  });
});
