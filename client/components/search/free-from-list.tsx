import type { Facet } from '../../../shared/contracts/catalogue';
import type { AllergenSlug } from '../../../shared/allergens';
import { FacetLink } from './facet-list';
import { resultsHref, type SearchFilters } from './search-filters';

// "Free from" (issue #29 item 4): each allergen a link that adds it to the filter or, once
// chosen, takes it out again; the count is what the results would be with it. Plain links, so
// they work without JavaScript. Allergens no result is free from are left out unless chosen.
export function FreeFromList({
  facets,
  searchQuery,
  filters,
}: {
  facets: readonly Facet[] | undefined;
  searchQuery: string;
  filters: SearchFilters;
}) {
  const chosen = new Set<string>(filters.freeFrom ?? []);
  const shown = (facets ?? []).filter((facet) => facet.count > 0 || chosen.has(facet.slug));
  if (shown.length === 0) return null;
  return (
    <section className="facet" aria-labelledby="facet-free-from">
      <h2 id="facet-free-from">Free from</h2>
      <ul>
        {shown.map((facet) => {
          const selected = chosen.has(facet.slug);
          const next = (filters.freeFrom ?? []).filter((slug) => slug !== facet.slug);
          const freeFrom = selected ? next : [...next, facet.slug as AllergenSlug];
          const to = resultsHref(searchQuery, { ...filters, freeFrom, page: 1 });
          return <FacetLink key={facet.slug} facet={facet} to={to} selected={selected} />;
        })}
      </ul>
    </section>
  );
}
