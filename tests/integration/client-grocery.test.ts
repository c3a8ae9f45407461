import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail, SearchResult } from '../../shared/contracts/catalogue';
import { unitPriceOf } from '../../shared/grocery';
import { startShop, type TestShop } from '../support/shop';
import { withWideCharacters } from '../support/wide-characters';

// Grocery information on the shop's pages (issue #29 item 4, docs/decisions/0214), server-rendered
// through the gateway from the reference platform's data: unit prices on cards and the product
// page, ingredients with allergens emphasised, nutrition and storage, and "free from" in search.
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.close());

async function page(path: string) {
  const response = await request(`${shop.url}${path}`, { headers: { accept: 'text/html' } });
  // As a browser reads it: a template's € is a reference (ADR 0286).
  return { status: response.statusCode, text: withWideCharacters(await response.body.text()) };
}
async function platformJson<T>(path: string): Promise<T> {
  const response = await shop.platform.call(`/api/services/catalogue/api/v1${path}`, {
    tenant: 'fresh',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}
const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

describe('unit prices and food information', () => {
  it('shows a product page with its unit prices, ingredients, allergens, nutrition and storage', async () => {
    const { items } = await platformJson<SearchResult>('/search?q=croissants');
    const product = await platformJson<ProductDetail>(
      `/products/by-slug?slug=${encodeURIComponent(items[0]!.slug)}`,
    );
    const { text, status } = await page(`/products/${product.slug}`);
    expect(status).toBe(200);
    const { offering, pack } = product;
    const single = unitPriceOf(offering.priceSingleCents, pack!);
    const cased = unitPriceOf(offering.priceCaseCents, pack!, offering.caseSize);
    expect(text).toContain(`${euros(single.cents)} per ${single.per}`);
    expect(text).toContain(`${euros(cased.cents)} per ${cased.per}`);
    expect(text).toContain('Ingredients and nutrition');
    expect(text).toContain('<strong>wheat flour</strong>');
    expect(text).toMatch(/Contains <strong>gluten, eggs, milk<\/strong>/);
    expect(text).toMatch(/May contain <strong>nuts<\/strong>/);
    expect(text).toContain(`Nutrition per 100 g`);
    expect(text).toContain(
      `${product.food!.nutrition.energyKj} kJ / ${product.food!.nutrition.energyKcal} kcal`,
    );
    expect(text).toContain(product.food!.storage.replace(/'/g, '&#x27;'));
  });

  it('shows what is not food without food information', async () => {
    const { items } = await platformJson<SearchResult>('/search?q=bin%20bags');
    const { text } = await page(`/products/${items[0]!.slug}`);
    expect(text).not.toContain('Ingredients and nutrition');
  });

  it('prints a unit price on every card of a search', async () => {
    const result = await platformJson<SearchResult>('/search?q=milk&pageSize=24');
    const { text } = await page('/search/milk');
    for (const item of result.items.slice(0, 24)) {
      const unit = unitPriceOf(item.offering.priceSingleCents, item.pack!);
      expect(text, item.name).toContain(`${euros(unit.cents)} per ${unit.per}`);
    }
  });
});

describe('search: free from', () => {
  it('filters by links that work without JavaScript, with counts that match', async () => {
    const all = await platformJson<SearchResult>('/search?q=bread');
    const free = await platformJson<SearchResult>('/search?q=bread&freeFrom=gluten');
    const gluten = all.facets.freeFrom!.find((facet) => facet.slug === 'gluten')!;
    expect(gluten.count).toBe(free.total);
    const before = await page('/search/bread');
    expect(before.text).toContain('Free from');
    expect(before.text).toContain('href="/search/bread?freeFrom=gluten"');
    const after = await page('/search/bread?freeFrom=gluten');
    expect(after.status).toBe(200);
    expect(after.text).toContain(`${free.total} product`);
    expect(after.text).toMatch(
      /<a href="\/search\/bread" [^>]*aria-current="true"[^>]*><span class="facet-name">Gluten/,
    );
    // An allergen it does not know is left out of the filter, not an error.
    const unknown = await page('/search/bread?freeFrom=bacon,gluten');
    expect(unknown.status).toBe(200);
    expect(unknown.text).toContain(`${free.total} product`);
  });
});
