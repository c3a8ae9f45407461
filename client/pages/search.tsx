import { CategoryListing } from '../components/catalogue/category-listing';
import { PopularCategories } from '../components/search/popular-categories';
import { SearchBox } from '../components/search/search-box';
import type { Route } from '../routes/+types/search';

export default function SearchScreen({ loaderData }: Route.ComponentProps) {
  if (loaderData.listing) return <CategoryListing {...loaderData.listing} />;
  return (
    <section className="search-screen" aria-labelledby="search-title">
      <h1 id="search-title">Search</h1>
      <SearchBox />
      <PopularCategories categories={loaderData.categories} />
    </section>
  );
}
