import { appLink } from '../../lib/app-links';
import { useCounts } from '../../lib/counted';
import type { Facet } from '../../../shared/contracts/catalogue';
import { resultsHref, type SearchFilters } from './search-filters';

// One facet (brand or category) as links: choosing a value filters the results and goes back to
// page 1; the chosen value links to the results without it. Plain links, so they work without JS.
export function FacetList({
  title,
  name,
  facets,
  searchQuery,
  filters,
}: {
  title: string;
  name: 'brand' | 'category';
  facets: readonly Facet[];
  searchQuery: string;
  filters: SearchFilters;
}) {
  if (facets.length === 0) return null;
  const chosen = filters[name];
  const headingId = `facet-${name}`;
  return (
    <section className="facet" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul>
        {facets.map((facet) => {
          const selected = facet.slug === chosen;
          const to = resultsHref(searchQuery, {
            ...filters,
            [name]: selected ? undefined : facet.slug,
            page: 1,
          });
          return <FacetLink key={facet.slug} facet={facet} to={to} selected={selected} />;
        })}
      </ul>
    </section>
  );
}

/** One value of a facet: a plain link that chooses it, or, once chosen, takes it out again. */
export function FacetLink({
  facet,
  to,
  selected,
}: {
  facet: Facet;
  to: string;
  selected: boolean;
}) {
  const counts = useCounts();
  return (
    <li>
      <a
        href={to}
        {...appLink}
        data-keep-scroll=""
        aria-current={selected ? 'true' : undefined}
        className={selected ? 'facet-selected' : undefined}
      >
        <span className="facet-name">{facet.name}</span>{' '}
        <span className="facet-count">{`(${counts.number(facet.count)})`}</span>
        {selected && <span className="visually-hidden"> (selected, choose to remove)</span>}
      </a>
    </li>
  );
}
