import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cataloguePaths, SearchResult } from '../../shared/contracts/catalogue';
import { startPlatform, type TestPlatform } from '../support/platform';

// The relevance test set (issue #9, docs/decisions/0160): what a grocer expects in the first five
// results of twenty everyday queries, against the seeded catalogue over real HTTP. Each case: the
// query, the pattern every one of the first five names must match (the first `first` when the
// catalogue holds fewer such products: four brands make bananas), and optionally their category.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core', 'catalogue'] });
});
afterAll(() => platform.close());

type Case = { q: string; names: RegExp; category?: string; corrected?: string; first?: number };
export const RELEVANCE_SET: readonly Case[] = [
  { q: 'milk', names: /\bMilk$/, category: 'dairy-eggs' },
  { q: 'fruit', names: /Bananas|Apples|Pears|Berries|Blueberries|Strawberries|Avocados|Lemons/ },
  { q: 'banan', names: /Bananas$/, first: 4 },
  { q: 'yogurt', names: /Yoghurt$/ },
  { q: 'yoghurt', names: /Yoghurt$/ },
  { q: 'brocoli', names: /Broccoli$/, corrected: 'broccoli', first: 4 },
  { q: 'straberries', names: /Strawberries$/, corrected: 'strawberries', first: 4 },
  { q: 'bread', names: /Bread|Loaf|Baguette|Breads/, category: 'bakery' },
  { q: 'fish', names: /Salmon|Cod|Fish Fingers|Prawns|Tuna/ },
  { q: 'chicken', names: /Chicken Breast|Whole Chicken|Chicken Nuggets/ },
  { q: 'cheese', names: /Cheddar|Mozzarella|Cheese$/, category: 'dairy-eggs' },
  { q: 'coffee', names: /Coffee/, category: 'drinks' },
  { q: 'tea', names: /Tea$/, category: 'drinks' },
  { q: 'eggs', names: /Eggs$/, category: 'dairy-eggs', first: 4 },
  { q: 'pasta', names: /Spaghetti|Penne/, category: 'pantry' },
  { q: 'peas', names: /Peas$/, category: 'frozen' },
  { q: 'chocolate', names: /Chocolate/ },
  { q: 'dog food', names: /Dog Food|Puppy Food/, category: 'pet-food' },
  { q: 'nappies', names: /Nappies/, category: 'baby-care' },
  { q: 'organic milk', names: /^Organic .*Milk$/, category: 'dairy-eggs', first: 2 },
  { q: 'choclate', names: /Chocolate/, corrected: 'chocolate' },
  { q: 'juice', names: /Juice$/, category: 'drinks' },
];

async function search(q: string) {
  const response = await platform.call(`${cataloguePaths.search}?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return SearchResult.parse(await response.json());
}

describe('search relevance: the first five results of everyday queries', () => {
  it('holds at least twenty queries', () => {
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(20);
  });

  it.each(RELEVANCE_SET)('"$q"', async ({ q, names, category, corrected, first = 5 }) => {
    const result = await search(q);
    expect(result.items.length, `results for ${q}`).toBeGreaterThanOrEqual(first);
    const firstFive = result.items.slice(0, first);
    const shown = firstFive.map((p) => `${p.name} (${p.category.slug})`);
    for (const product of firstFive) {
      expect(product.name, shown.join(', ')).toMatch(names);
      if (category) expect(product.category.slug, shown.join(', ')).toBe(category);
    }
    expect(result.correctedQuery).toBe(corrected);
  });

  it('ranks the name and category well above a description that mentions the word', async () => {
    // Brand blurbs mention milk in every description of some brands; frozen peas are not milk.
    const result = await search('milk');
    const names = result.items.slice(0, 10).map((p) => p.name);
    expect(names.filter((n) => /Peas|Pizza|Fish Fingers/.test(n))).toEqual([]);
  });

  it('prefers whole words to prefixes: "pea" finds peas before peanuts and pears', async () => {
    const result = await search('pea');
    expect(result.items.slice(0, 5).map((p) => p.name)).toEqual(
      Array(5).fill(expect.stringMatching(/Peas$/)),
    );
  });
});
