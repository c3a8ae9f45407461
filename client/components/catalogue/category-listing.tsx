import type { CategoryPage } from '../../../shared/contracts/catalogue';
import { useCounts } from '../../lib/counted';
import { categoryHref } from '../search/search-filters';
import { Breadcrumbs } from './breadcrumbs';
import { Pagination } from './pagination';
import { ProductGrid } from './product-grid';

// A category's own screen (/search?category=): its products, not a text search for its name
// (issue #9, docs/decisions/0160).
export function CategoryListing({ category, items, total, page, pageSize }: CategoryPage) {
  const counts = useCounts();
  return (
    <>
      <Breadcrumbs
        crumbs={[
          { label: 'Home', to: '/' },
          { label: 'Search', to: '/search' },
          { label: category.name },
        ]}
      />
      <header className="listing-header">
        <h1>{category.name}</h1>
        <p className="listing-description">{category.description}</p>
        <p className="listing-count">{counts.products(total)}</p>
      </header>
      {/* The cards' names are h3: a heading of their own between the h1 and them (axe heading-order). */}
      <h2 className="visually-hidden">{`Products in ${category.name}`}</h2>
      <ProductGrid
        products={items}
        label={`Products in ${category.name}`}
        returnTo={categoryHref(category, page)}
      />
      <Pagination
        page={page}
        total={total}
        pageSize={pageSize}
        hrefOf={(n) => categoryHref(category, n)}
      />
    </>
  );
}
