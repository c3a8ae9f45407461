import { redirect } from 'react-router';
import { href } from '../../shared/href';
import { allCategories, categoryPage } from '../components/catalogue/catalogue.server';
import { pageNumber } from '../components/catalogue/page-number';
import { categoryHref, readFilters } from '../components/search/search-filters';
import { guardRoute } from '../lib/route-guard.server';
import { pageMeta, loaderMeta, loaderWithMeta } from '../lib/seo';
import type { Route } from './+types/search';
import '../styles/search.css';
import { page } from '../lib/island';

// /search: the search box and popular categories. The search box's no-JavaScript form lands here
// as /search?q=milk and is redirected to the results, /search/milk. /search?category=dairy-eggs is
// the category's own listing (docs/decisions/0160): category navigation is not a text search.
async function load(args: Route.LoaderArgs) {
  await guardRoute('search', args);
  const url = new URL(args.request.url);
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  if (query) throw redirect(href('search-results', { searchQuery: query }));
  const category = readFilters(url.searchParams).category;
  if (category) {
    const listing = await categoryPage(
      args.context.platform,
      category,
      pageNumber(args.request.url),
    );
    return { listing, categories: [] };
  }
  const categories = await allCategories(args.context.platform);
  return {
    listing: null,
    categories: [...categories].sort((a, b) => b.productCount - a.productCount).slice(0, 12),
  };
}

// The page's title, description and canonical URL, computed by the loader on the server.
export const loader = loaderWithMeta(load, (data, matches) => {
  const { listing } = data;
  if (listing)
    return pageMeta(matches, {
      title:
        listing.page > 1
          ? `${listing.category.name} (page ${listing.page})`
          : listing.category.name,
      description: listing.category.description,
      path: categoryHref(listing.category, listing.page),
    });
  return pageMeta(matches, {
    title: 'Search',
    description: 'Search the shop’s products by name, brand or category.',
    path: '/search',
  });
});

export const meta: Route.MetaFunction = loaderMeta;

const pageCode = () => import('../pages/search');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
