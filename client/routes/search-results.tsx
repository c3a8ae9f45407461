import {
  allCategories,
  featuredProducts,
  searchProducts,
} from '../components/catalogue/catalogue.server';
import { readFilters, resultsHref } from '../components/search/search-filters';
import { guardRoute } from '../lib/route-guard.server';
import { countsIn } from '../lib/counted';
import { loaderWithMeta, pageMeta, rootContext } from '../lib/seo';
import type { RouteParams } from '../../shared/routes';
import type { Route } from './+types/search-results';
import { page } from '../lib/island';

// /search/{searchQuery}?brand=&category=&sort=&page=: results with facets, sort and pages, all in
// the URL. No results: categories and featured products to carry on with.
async function load(args: Route.LoaderArgs) {
  const { searchQuery } = (await guardRoute(
    'search-results',
    args,
  )) as RouteParams<'search-results'>;
  const { platform } = args.context;
  const filters = readFilters(new URL(args.request.url).searchParams);
  const result = await searchProducts(platform, searchQuery, filters);
  if (result.total > 0) return { searchQuery, filters, result, categories: [], featured: [] };
  const [categories, featured] = await Promise.all([
    allCategories(platform),
    featuredProducts(platform, 6),
  ]);
  return { searchQuery, filters, result, categories, featured };
}

// The page's title, description and canonical URL, computed by the loader on the server.
export const loader = loaderWithMeta(load, (data, matches) => {
  const { filters, result } = data;
  // A corrected query is what the products are for, as the heading says (docs/decisions/0372):
  // its own results, the same products, are the canonical page.
  const shown = result.correctedQuery ?? data.searchQuery;
  return pageMeta(matches, {
    title: `“${shown}”${filters.page > 1 ? ` (page ${filters.page})` : ''}`,
    description: `${countsIn(rootContext(matches)?.tenant.locale).products(result.total)} found for “${shown}”.`,
    // Sort orders show the same products: the canonical page keeps only filters and page.
    path: resultsHref(shown, { ...filters, sort: 'relevance' }),
    // No products on this page (none found, or a page past the last): nothing to index.
    extra: result.items.length === 0 ? [{ name: 'robots', content: 'noindex' }] : [],
  });
});

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [{ title: 'Search' }];

const pageCode = () => import('../pages/search-results');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
