import { describe, expect, it } from 'vitest';
import { catalogueNameOf } from './named-pages';

// The product or brand a page names, as its loader reads it (ADR 0275).
describe('the name of a page', () => {
  it("reads a product's slug of several segments, from its page or its search results", () => {
    const milk = { kind: 'product', slug: 'dairy-eggs/meadowbrook/milk' };
    expect(catalogueNameOf('/products/dairy-eggs/meadowbrook/milk')).toEqual(milk);
    expect(catalogueNameOf('/search/milk/dairy-eggs%2Fmeadowbrook%2Fmilk')).toEqual(milk);
    expect(catalogueNameOf('/products/caf%C3%A9/b/c')).toEqual({
      kind: 'product',
      slug: 'café/b/c',
    });
  });

  it("reads a brand's slug", () => {
    expect(catalogueNameOf('/brands/meadowbrook')).toEqual({ kind: 'brand', slug: 'meadowbrook' });
  });

  it('names nothing on other screens or with an empty slug', () => {
    for (const path of ['/', '/search/milk', '/brands/', '/products/', '/orders/o1'])
      expect(catalogueNameOf(path), path).toBeNull();
  });
});
