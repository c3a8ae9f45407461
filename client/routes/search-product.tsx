import { href } from '../../shared/href';
import { productWithRelated } from '../components/catalogue/catalogue.server';
import { readFilters } from '../components/search/search-filters';
import { guardRoute } from '../lib/route-guard.server';
import { pageMeta, loaderMeta, loaderWithMeta } from '../lib/seo';
import type { RouteParams } from '../../shared/routes';
import type { Route } from './+types/search-product';
import { page } from '../lib/island';

// /search/{searchQuery}/{productSlug}: the product seen from its results; the breadcrumbs lead
// back to them with the same filters, sort and page (kept in this URL's query).
async function load(args: Route.LoaderArgs) {
  const { searchQuery, productSlug } = (await guardRoute(
    'search-product',
    args,
  )) as RouteParams<'search-product'>;
  const filters = readFilters(new URL(args.request.url).searchParams);
  const { product, related } = await productWithRelated(args.context, productSlug);
  return { searchQuery, filters, product, related };
}

// The page's title, description and canonical URL, computed by the loader on the server.
export const loader = loaderWithMeta(load, (data, matches) => {
  // One product, one canonical page: the product's own URL.
  return pageMeta(matches, {
    title: `${data.product.name} – ${data.product.brand.name}`,
    description: data.product.description,
    path: href('product', { slug: data.product.slug }),
  });
});

export const meta: Route.MetaFunction = loaderMeta;

const pageCode = () => import('../pages/search-product');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
