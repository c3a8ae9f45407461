import { redirect, useLocation } from 'react-router';
import { href } from '../../shared/href';
import { allCategories } from '../components/catalogue/catalogue.server';
import { RouteErrorScreen } from '../components/error-screens';
import { PopularCategories } from '../components/search/popular-categories';
import { SearchBox } from '../components/search/search-box';
import { guardRoute } from '../lib/route-guard.server';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/search';
import '../styles/search.css';

// /search: the search box and popular categories. The search box's no-JavaScript form lands here
// as /search?q=milk and is redirected to the results, /search/milk.
export async function loader(args: Route.LoaderArgs) {
  guardRoute('search', args);
  const query = (new URL(args.request.url).searchParams.get('q') ?? '').trim().slice(0, 200);
  if (query) throw redirect(href('search-results', { searchQuery: query }));
  const categories = await allCategories(args.context.platform);
  return {
    categories: [...categories].sort((a, b) => b.productCount - a.productCount).slice(0, 12),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Search',
    description: 'Search the shop’s products by name, brand or category.',
    path: '/search',
  });

export default function SearchScreen({ loaderData }: Route.ComponentProps) {
  return (
    <section className="search-screen" aria-labelledby="search-title">
      <h1 id="search-title">Search</h1>
      <SearchBox />
      <PopularCategories categories={loaderData.categories} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
