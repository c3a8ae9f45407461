import { Link } from 'react-router';
import type { Category, ProductSummary } from '../../../shared/contracts/catalogue';
import { ProductGrid } from '../catalogue/product-grid';
import { PopularCategories } from './popular-categories';
import { resultsHref, type SearchFilters } from './search-filters';

// No results: say so, offer to drop the filters when some are set, and suggest categories and
// featured products to carry on shopping.
export function EmptyResults({
  searchQuery,
  filters,
  categories,
  featured,
}: {
  searchQuery: string;
  filters: SearchFilters;
  categories: readonly Category[];
  featured: readonly ProductSummary[];
}) {
  const filtered = Boolean(filters.brand || filters.category);
  return (
    <section className="empty-results" aria-labelledby="empty-title">
      <h2 id="empty-title">{`No products found for “${searchQuery}”`}</h2>
      <p>Check the spelling, try a more general word, or browse a category.</p>
      {filtered && (
        <p>
          <Link to={resultsHref(searchQuery, { sort: filters.sort, page: 1 })}>
            Search again without filters
          </Link>
        </p>
      )}
      <PopularCategories categories={categories} title="Browse a category" />
      {featured.length > 0 && (
        <>
          <h2>Popular right now</h2>
          <ProductGrid products={featured} label="Popular products" variant="rail" />
        </>
      )}
    </section>
  );
}
