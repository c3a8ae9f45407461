import { useEffect, useId, useRef } from 'react';
import { Form } from 'react-router';
import { href } from '../../../shared/href';
import { SORT_LABELS, SORTS, type SearchFilters } from './search-filters';

// Sort order of the results: a GET form keeping the other filters (every one of filtersQuery's
// but the sort and the page: a new order starts on page 1). With JavaScript a change submits it
// at once; without, the "Sort" button does.
export function SortForm({
  searchQuery,
  filters,
}: {
  searchQuery: string;
  filters: SearchFilters;
}) {
  const id = useId();
  // A sort chosen before this code arrived (the page is an island, docs/decisions/0208) fired no
  // change event React saw, and there is no button with JavaScript: once here, it is sent.
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const chosen = select.current;
    if (chosen && chosen.value !== filters.sort) chosen.form?.requestSubmit();
  }, [filters.sort]);
  return (
    <Form
      method="get"
      action={href('search-results', { searchQuery })}
      className="sort-form"
      preventScrollReset
    >
      {filters.brand && <input type="hidden" name="brand" value={filters.brand} />}
      {filters.category && <input type="hidden" name="category" value={filters.category} />}
      {filters.freeFrom?.length ? (
        <input type="hidden" name="freeFrom" value={filters.freeFrom.join(',')} />
      ) : null}
      <label htmlFor={id}>Sort by</label>
      <select
        ref={select}
        id={id}
        name="sort"
        defaultValue={filters.sort}
        key={filters.sort}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit">Sort</button>
      </noscript>
    </Form>
  );
}
