import { SearchResults } from '../components/search/search-results';
import type { Route } from '../routes/+types/search-results';
import { productList } from '../analytics/items';
import { useTrack } from '../analytics/track';

export default function SearchResultsScreen({ loaderData }: Route.ComponentProps) {
  const { searchQuery, result } = loaderData;
  const key = `${searchQuery}|${result.items.map((p) => p.id).join(',')}`;
  useTrack('search', searchQuery, () => ({ search_term: searchQuery.slice(0, 200) }));
  useTrack('view_item_list', key, () => ({
    item_list_id: 'search_results',
    ...productList(result.items, `Search: ${searchQuery}`),
  }));
  return <SearchResults {...loaderData} />;
}
