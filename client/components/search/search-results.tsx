import type { Category, ProductSummary, SearchResult } from '../../../shared/contracts/catalogue';
import { useCounts } from '../../lib/counted';
import { Pagination } from '../catalogue/pagination';
import { ProductGrid } from '../catalogue/product-grid';
import { EmptyResults } from './empty-results';
import { FacetList } from './facet-list';
import { FreeFromList } from './free-from-list';
import { resultProductHref, resultsHref, type SearchFilters } from './search-filters';
import { SortForm } from './sort-form';
import '../../styles/search.css';

// The results page: heading with the count, facets beside (or above, on a phone) the grid, sort,
// pages. Product links open the product in the context of these results.
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
  const counts = useCounts();
  const hasFacets =
    result.facets.brands.length > 0 ||
    result.facets.categories.length > 0 ||
    (filters.freeFrom?.length ?? 0) > 0;
  return (
    <div className="search-results">
      <header className="listing-header">
        <h1>{`Results for “${searchQuery}”`}</h1>
        <p className="listing-count" role="status">
          {counts.products(result.total)}
        </p>
        {result.correctedQuery && (
          <p className="search-corrected">{`Showing results for “${result.correctedQuery}”`}</p>
        )}
      </header>
      {result.total === 0 && !hasFacets ? (
        <EmptyResults
          searchQuery={searchQuery}
          filters={filters}
          categories={categories}
          featured={featured}
        />
      ) : (
        <div className="search-layout">
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
          <div className="search-main">
            <SortForm searchQuery={searchQuery} filters={filters} />
            {result.items.length === 0 ? (
              <p>No products on this page.</p>
            ) : (
              <ProductGrid
                products={result.items}
                label={`Results for ${searchQuery}`}
                linkOf={(product) => resultProductHref(searchQuery, product.slug, filters)}
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
