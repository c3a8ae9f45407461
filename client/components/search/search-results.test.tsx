import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductSummary, SearchResult } from '../../../shared/contracts/catalogue';
import type { SearchFilters } from './search-filters';
import { SearchResults } from './search-results';

// The results page's markup and words (docs/decisions/0372): the facets sit behind one "Filters"
// disclosure that counts what is chosen (search.css shows them beside the results on a wide
// screen; tests/e2e/ux-search-filters.test.ts measures both sizes), and a corrected query is
// said once: the heading names what the results are for, one line what found nothing.
const broccoli = {
  id: 'p-1',
  slug: 'broccoli-head',
  name: 'Broccoli',
  sizeLabel: '500 g',
  brand: { slug: 'green-valley', name: 'Green Valley' },
  category: { slug: 'fruit-vegetables', name: 'Fruit & Vegetables' },
  image: '/broccoli.svg',
  offering: {
    id: 'o-1',
    priceSingleCents: 129,
    priceCaseCents: 1200,
    caseSize: 10,
    available: true,
    currency: 'EUR',
  },
  pack: null,
} satisfies ProductSummary;

const result = (extra: Partial<SearchResult> = {}): SearchResult => ({
  items: [broccoli],
  total: 1,
  page: 1,
  pageSize: 24,
  facets: {
    brands: [{ slug: 'green-valley', name: 'Green Valley', count: 1 }],
    categories: [{ slug: 'fruit-vegetables', name: 'Fruit & Vegetables', count: 1 }],
    freeFrom: [{ slug: 'gluten', name: 'Gluten', count: 1 }],
  },
  ...extra,
});

function html(searchQuery: string, found: SearchResult, filters: Partial<SearchFilters> = {}) {
  const page = () => (
    <SearchResults
      searchQuery={searchQuery}
      filters={{ sort: 'relevance', page: 1, ...filters }}
      result={found}
      categories={[]}
      featured={[]}
    />
  );
  const Stub = createRoutesStub([{ path: '/', Component: page }]);
  return renderToString(<Stub />).replace(/<!-- -->/g, '');
}
const summaryOf = (markup: string) => /<summary>([^<]*)<\/summary>/.exec(markup)?.[1];

describe('the filters of the results', () => {
  it('sit behind one "Filters" disclosure, closed, before the results', () => {
    const markup = html('broccoli', result());
    const disclosure = /<details class="search-filters">(.*?)<\/details>/s.exec(markup);
    expect(disclosure).not.toBeNull();
    expect(summaryOf(markup)).toBe('Filters');
    for (const facet of ['Category', 'Brand', 'Free from'])
      expect(disclosure![1]).toContain(`>${facet}</h2>`);
    expect(markup.indexOf('</details>')).toBeLessThan(markup.indexOf('class="product-grid"'));
  });

  it('count in their label what is chosen: a brand, a category, each allergen', () => {
    const one = html('broccoli', result(), { brand: 'green-valley' });
    expect(summaryOf(one)).toBe('Filters (1 selected)');
    const three = html('broccoli', result(), {
      category: 'fruit-vegetables',
      freeFrom: ['gluten', 'milk'],
    });
    expect(summaryOf(three)).toBe('Filters (3 selected)');
  });
});

describe('a corrected query', () => {
  const markup = html('brocoli', result({ correctedQuery: 'broccoli' }));

  it('heads the page as what the results are for, and says once what found nothing', () => {
    expect(/<h1>([^<]*)<\/h1>/.exec(markup)?.[1]).toBe('Results for “broccoli”');
    expect(markup).toContain('No products found for “brocoli”; showing “broccoli” instead.');
    expect(markup).not.toContain('Results for “brocoli”');
    expect(markup).not.toContain('Showing results for');
  });

  it('leads a product to the results its breadcrumb names, the facets to this page', () => {
    expect(markup).toContain(`href="/search/broccoli/${broccoli.slug}"`);
    expect(markup).not.toContain('href="/search/brocoli/');
    expect(markup).toContain('href="/search/brocoli?brand=green-valley"');
  });

  it('is not said when nothing was corrected', () => {
    const plain = html('broccoli', result());
    expect(/<h1>([^<]*)<\/h1>/.exec(plain)?.[1]).toBe('Results for “broccoli”');
    expect(plain).not.toContain('No products found');
  });
});
