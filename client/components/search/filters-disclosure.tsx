import type { ReactNode } from 'react';
import type { SearchFilters } from './search-filters';

/** How many filters are chosen: a brand, a category and each allergen to be free from. */
export function chosenFilters(filters: SearchFilters): number {
  return (filters.brand ? 1 : 0) + (filters.category ? 1 : 0) + (filters.freeFrom?.length ?? 0);
}

// On a phone the facets filled the whole first screen before the first product: they sit behind
// one "Filters" disclosure, closed, its label counting what is chosen. A <details> opens without
// JavaScript. On a wide screen search.css hides its summary and shows the facets beside the
// results, open or not (docs/decisions/0372).
export function FiltersDisclosure({
  filters,
  children,
}: {
  filters: SearchFilters;
  children: ReactNode;
}) {
  const chosen = chosenFilters(filters);
  return (
    <details className="search-filters">
      <summary>{chosen > 0 ? `Filters (${chosen} selected)` : 'Filters'}</summary>
      {children}
    </details>
  );
}
