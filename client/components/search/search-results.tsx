import type { Category, ProductSummary, SearchResult } from '../../../shared/contracts/catalogue';
import { useCounts } from '../../lib/counted';
import { Pagination } from '../catalogue/pagination';
import { ProductGrid } from '../catalogue/product-grid';
import { EmptyResults } from './empty-results';
import { FacetList } from './facet-list';
import { FiltersDisclosure } from './filters-disclosure';
import { FreeFromList } from './free-from-list';
import { resultProductHref, resultsHref, type SearchFilters } from './search-filters';
import { SortForm } from './sort-form';
import '../../styles/search.css';

// The results page: heading with the count, facets beside the grid (on a phone behind "Filters",
// above it), sort, pages. Product links open the product in the context of these results.
// A corrected query (ADR 0160) is what the results are for: the heading names it, and one line
// says what was typed found nothing (docs/decisions/0372). The page's own links keep the query
// typed; a product's lead to the corrected one's results, the heading its breadcrumb repeats.
export function SearchResults({
  searchQuery,
  filters,
  result,
  categories,
  featured,
}: {
  searchQuery: string;
  filters: SearchFilters;
  result: SearchResult;
  categories: readonly Category[];
  featured: readonly ProductSummary[];
}) {
  const here = resultsHref(searchQuery, filters);
  const shown = result.correctedQuery ?? searchQuery;
  const counts = useCounts();
  const hasFacets =
    result.facets.brands.length > 0 ||
    result.facets.categories.length > 0 ||
    (filters.freeFrom?.length ?? 0) > 0;
  return (
    <div className="search-results">
      <header className="listing-header">
        <h1>{`Results for “${shown}”`}</h1>
        {result.correctedQuery && (
          <p className="search-corrected">
            {`No products found for “${searchQuery}”; showing “${shown}” instead.`}
          </p>
        )}
        <p className="listing-count" role="status">
          {counts.products(result.total)}
        </p>
      </header>
      {result.total === 0 && !hasFacets ? (
        <EmptyResults
          searchQuery={shown}
          filters={filters}
          categories={categories}
          featured={featured}
        />
      ) : (
        <div className="search-layout">
          <FiltersDisclosure filters={filters}>
            <aside className="search-facets" aria-label="Filters">
              <FacetList
                title="Category"
                name="category"
                facets={result.facets.categories}
                searchQuery={searchQuery}
                filters={filters}
              />
              <FacetList
                title="Brand"
                name="brand"
                facets={result.facets.brands}
                searchQuery={searchQuery}
                filters={filters}
              />
              <FreeFromList
                facets={result.facets.freeFrom}
                searchQuery={searchQuery}
                filters={filters}
              />
            </aside>
          </FiltersDisclosure>
          <div className="search-main">
            {/* The cards' names are h3: a heading between the h1 and them, the facets' h2 being
                out of sight behind "Filters" on a phone (axe heading-order). */}
            <h2 className="visually-hidden">Products</h2>
            <SortForm searchQuery={searchQuery} filters={filters} />
            {result.items.length === 0 ? (
              <p>No products on this page.</p>
            ) : (
              <ProductGrid
                products={result.items}
                label={`Results for ${shown}`}
                linkOf={(product) => resultProductHref(shown, product.slug, filters)}
                returnTo={here}
              />
            )}
            <Pagination
              page={result.page}
              total={result.total}
              pageSize={result.pageSize}
              hrefOf={(page) => resultsHref(searchQuery, { ...filters, page })}
            />
          </div>
        </div>
      )}
    </div>
  );
}
