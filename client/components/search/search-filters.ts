import { ALLERGEN_SLUGS, type AllergenSlug } from '../../../shared/allergens';
import type { Sort } from '../../../shared/contracts/catalogue';
import { href } from '../../../shared/href';

// The search results' state lives in the URL query (?brand=&category=&freeFrom=&sort=&page=), so every
// filter, sort and page is a plain link that works without JavaScript and can be shared.
// Parsed by hand, not with zod: this module is in every page's bundle.
const SLUG = /^[a-z0-9-]{1,100}$/;
const MAX_PAGE = 1000;
// The catalogue's sort orders (shared/contracts' SORTS), restated so the browser bundle does not
// load the contracts module and zod with it.
export const SORTS = [
  'relevance',
  'price-asc',
  'price-desc',
  'name',
] as const satisfies readonly Sort[];

export type SearchFilters = {
  brand?: string;
  category?: string;
  /** Allergens the foods must be free from, in the regulation's order. */
  freeFrom?: readonly AllergenSlug[];
  sort: Sort;
  page: number;
};

/** The known allergens of a comma-separated list, once each, in the regulation's order. */
export function readAllergens(value: string | null): AllergenSlug[] {
  const named = new Set((value ?? '').split(','));
  return ALLERGEN_SLUGS.filter((slug) => named.has(slug));
}

export const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Best match',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
};

/** Reads the filters from a URL query; anything malformed falls back to its default. */
export function readFilters(params: URLSearchParams): SearchFilters {
  const slug = (name: string) => {
    const value = params.get(name);
    return value && SLUG.test(value) ? value : undefined;
  };
  const sort = params.get('sort');
  const page = Number(params.get('page') ?? '1');
  return {
    brand: slug('brand'),
    category: slug('category'),
    freeFrom: readAllergens(params.get('freeFrom')),
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'relevance',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** Query object of the filters, leaving defaults out so URLs stay short and canonical. */
export function filtersQuery(filters: SearchFilters): Record<string, string | undefined> {
  return {
    brand: filters.brand,
    category: filters.category,
    freeFrom: filters.freeFrom?.length ? filters.freeFrom.join(',') : undefined,
    sort: filters.sort === 'relevance' ? undefined : filters.sort,
    page: filters.page > 1 ? String(filters.page) : undefined,
  };
}

/** Link to the results of a query with these filters. */
export function resultsHref(searchQuery: string, filters: SearchFilters): string {
  return href('search-results', { searchQuery }, filtersQuery(filters));
}

/** Link to a product seen from the results, keeping the filters for the way back. */
export function resultProductHref(
  searchQuery: string,
  productSlug: string,
  filters: SearchFilters,
): string {
  return href('search-product', { searchQuery, productSlug }, filtersQuery(filters));
}

/** A category opens as a listing of its products on /search?category= (not a text search). */
export function categoryHref(category: { slug: string }, page = 1): string {
  return href('search', {}, { category: category.slug, page: page > 1 ? page : undefined });
}
