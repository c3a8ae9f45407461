import { describe, expect, it } from 'vitest';
import { CATALOGUE_BASE } from '../../shared/contracts/catalogue';
import { namesInAnswer } from './answer-names';

// The names a public catalogue answer shows a shop has (ADR 0275).
const product = (slug: string, brand: string) => ({
  slug,
  name: slug,
  brand: { slug: brand, name: brand },
  category: { slug: 'dairy-eggs', name: 'Dairy' },
});
const at = (path: string) => `${CATALOGUE_BASE}${path}`;

describe('names in a catalogue answer', () => {
  it('takes listed products with their brands, and the brand facets of search results', () => {
    const results = {
      items: [product('dairy-eggs/meadowbrook/milk', 'meadowbrook')],
      facets: { brands: [{ slug: 'green-valley', name: 'Green Valley', count: 2 }] },
    };
    expect(namesInAnswer(at('/search?q=milk'), results)).toEqual([
      { kind: 'product', slug: 'dairy-eggs/meadowbrook/milk' },
      { kind: 'brand', slug: 'meadowbrook' },
      { kind: 'brand', slug: 'green-valley' },
    ]);
  });

  it("takes a brand page's brand, the brand list's brands, a product by its slug", () => {
    const page = { brand: { slug: 'meadowbrook', name: 'M' }, items: [] };
    expect(namesInAnswer(at('/brands/meadowbrook?page=1&pageSize=24'), page)).toEqual([
      { kind: 'brand', slug: 'meadowbrook' },
    ]);
    expect(namesInAnswer(at('/brands'), { items: [{ slug: 'a' }, { slug: 'b' }] })).toEqual([
      { kind: 'brand', slug: 'a' },
      { kind: 'brand', slug: 'b' },
    ]);
    expect(namesInAnswer(at('/products/by-slug?slug=x%2Fy'), product('x/y', 'y'))).toEqual([
      { kind: 'product', slug: 'x/y' },
      { kind: 'brand', slug: 'y' },
    ]);
  });

  it('takes a suggestion as a product alone (it names its brand by name)', () => {
    const answer = { suggestions: [{ slug: 'a/b/c', name: 'C', brand: 'B' }], categories: [] };
    expect(namesInAnswer(at('/suggest?q=c'), answer)).toEqual([{ kind: 'product', slug: 'a/b/c' }]);
  });

  it('takes nothing from categories, CMS content or what is not a listing', () => {
    const categories = { items: [{ slug: 'bakery', name: 'Bakery' }] };
    expect(namesInAnswer(at('/categories'), categories)).toEqual([]);
    expect(namesInAnswer('/cms-api/home', { items: [product('a/b/c', 'b')] })).toEqual([]);
    expect(namesInAnswer(at('/search?q=x'), 'not json')).toEqual([]);
    expect(namesInAnswer(at('/search?q=x'), { items: [{ slug: 1 }, null, 'x'] })).toEqual([]);
  });
});
