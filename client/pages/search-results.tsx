import { SearchResults } from '../components/search/search-results';
import type { Route } from '../routes/+types/search-results';

export default function SearchResultsScreen({ loaderData }: Route.ComponentProps) {
  return <SearchResults {...loaderData} />;
}
