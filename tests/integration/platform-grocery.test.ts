import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cataloguePaths,
  ProductDetail,
  SearchResult,
  type ProductSummary,
} from '../../shared/contracts/catalogue';
import { ALLERGEN_SLUGS } from '../../shared/grocery';
import { startPlatform, type TestPlatform } from '../support/platform';

// Grocery information over real HTTP against the seeded reference platform (issue #29 item 4,
// docs/decisions/0214): every product's pack for its unit price, every food's ingredients,
// allergens, nutrition and storage, and the search's "free from" filter and facet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core', 'catalogue'] });
});
afterAll(() => platform.close());

async function json<T>(path: string, schema: { parse(v: unknown): T }): Promise<T> {
  const response = await platform.call(path, { tenant: 'fresh' });
  expect(response.status, await response.clone().text()).toBe(200);
  return schema.parse(await response.json());
}
const search = (query: string) => json(`${cataloguePaths.search}?${query}`, SearchResult);
const detail = (slug: string) => json(cataloguePaths.productBySlug(slug), ProductDetail);

describe('seeded food information', () => {
  it('gives every product a pack, and every food its information, the whole catalogue over', async () => {
    const { rows } = await platform.db.query<Record<string, number>>(`select
      count(*)::int as products,
      count(*) filter (where c.slug in ('fruit-vegetables', 'dairy-eggs', 'bakery', 'meat-fish',
        'pantry', 'drinks', 'frozen', 'snacks') and p.food is null)::int as foods_without,
      count(*) filter (where c.slug in ('household', 'pet-food') and p.food is not null)::int as not_food_with,
      count(*) filter (where p.food is not null and jsonb_array_length(p.food->'ingredients') = 0)::int as empty
      from products p join categories c on c.id = p.category_id`);
    expect(rows[0]).toEqual({
      products: expect.any(Number),
      foods_without: 0,
      not_food_with: 0,
      empty: 0,
    });
    const page = await search('q=a&pageSize=60');
    const items: ProductSummary[] = page.items;
    expect(items.length).toBeGreaterThan(10);
    for (const item of items)
      expect(item.pack, item.sizeLabel).toEqual(
        expect.objectContaining({ amount: expect.any(Number) }),
      );
  });

  it('shows milk with its allergen, nutrition per 100 ml, and storage', async () => {
    const { items } = await search('q=whole%20milk');
    const milk = items.find((item) => item.name.endsWith('Whole Milk'))!;
    expect(milk.pack).toEqual({ amount: milk.sizeLabel === '2 l' ? 2000 : 1000, unit: 'ml' });
    const product = await detail(milk.slug);
    expect(product.food!.allergens).toEqual(['milk']);
    expect(product.food!.ingredients).toContainEqual({
      name: 'whole cows’ milk',
      allergens: ['milk'],
    });
    expect(product.food!.nutrition).toMatchObject({ per: '100 ml', energyKcal: 64, energyKj: 268 });
    expect(product.food!.storage.length).toBeGreaterThan(10);
  });

  it('keeps traces apart from what a food contains, and gives what is not food none', async () => {
    const { items } = await search('q=croissants');
    const croissant = await detail(items[0]!.slug);
    expect(croissant.food!.allergens).toEqual(['gluten', 'eggs', 'milk']);
    expect(croissant.food!.mayContain).toEqual(['nuts']);
    const { items: cleaners } = await search('q=washing-up%20liquid');
    expect((await detail(cleaners[0]!.slug)).food).toBeNull();
  });
});

describe('search: free from', () => {
  it('keeps only foods that neither contain nor may contain the chosen allergens', async () => {
    const all = await search('q=bread&pageSize=60');
    const free = await search('q=bread&freeFrom=gluten&pageSize=60');
    expect(all.total).toBeGreaterThan(free.total);
    for (const item of free.items) {
      const food = (await detail(item.slug)).food!;
      expect([...food.allergens, ...food.mayContain], item.name).not.toContain('gluten');
    }
    const both = await search('q=chocolate&freeFrom=milk,nuts&pageSize=60');
    for (const item of both.items) {
      const food = (await detail(item.slug)).food!;
      const risks = [...food.allergens, ...food.mayContain];
      expect(risks, item.name).not.toContain('milk');
      expect(risks, item.name).not.toContain('nuts');
    }
  });

  it('counts, per allergen, the results that remain when it is chosen too', async () => {
    const result = await search('q=milk&pageSize=60');
    const facet = result.facets.freeFrom!;
    expect(facet.map((f) => f.slug)).toEqual(ALLERGEN_SLUGS);
    for (const slug of ['milk', 'gluten', 'nuts']) {
      const chosen = await search(`q=milk&freeFrom=${slug}`);
      expect(chosen.total, slug).toBe(facet.find((f) => f.slug === slug)!.count);
    }
  });

  it('refuses an allergen it does not know, with a message', async () => {
    const response = await platform.call(`${cataloguePaths.search}?q=milk&freeFrom=gluten,bacon`, {
      tenant: 'fresh',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/allergens/);
  });
});
