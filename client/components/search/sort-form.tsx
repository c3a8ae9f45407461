import { useId } from 'react';
import { Form } from 'react-router';
import { href } from '../../../shared/href';
import { SORT_LABELS, SORTS, type SearchFilters } from './search-filters';

// Sort order of the results: a GET form keeping the other filters. With JavaScript a change
// submits it at once; without, the "Sort" button does.
export function SortForm({
  searchQuery,
  filters,
}: {
  searchQuery: string;
  filters: SearchFilters;
}) {
  const id = useId();
  return (
    <Form
      method="get"
      action={href('search-results', { searchQuery })}
      className="sort-form"
      preventScrollReset
    >
      {filters.brand && <input type="hidden" name="brand" value={filters.brand} />}
      {filters.category && <input type="hidden" name="category" value={filters.category} />}
      <label htmlFor={id}>Sort by</label>
      <select
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
