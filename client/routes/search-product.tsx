import { useLocation } from 'react-router';
import { href } from '../../shared/href';
import { productWithRelated } from '../components/catalogue/catalogue.server';
import { RouteErrorScreen } from '../components/error-screens';
import { readFilters } from '../components/search/search-filters';
import { guardRoute } from '../lib/route-guard.server';
import { notFoundMeta, pageMeta } from '../lib/seo';
import type { RouteParams } from '../../shared/routes';
import type { Route } from './+types/search-product';
import { page } from '../lib/island';

// /search/{searchQuery}/{productSlug}: the product seen from its results; the breadcrumbs lead
// back to them with the same filters, sort and page (kept in this URL's query).
export async function loader(args: Route.LoaderArgs) {
  const { searchQuery, productSlug } = guardRoute(
    'search-product',
    args,
  ) as RouteParams<'search-product'>;
  const filters = readFilters(new URL(args.request.url).searchParams);
  const { product, related } = await productWithRelated(args.context, productSlug);
  return { searchQuery, filters, product, related };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return notFoundMeta(matches);
  // One product, one canonical page: the product's own URL.
  return pageMeta(matches, {
    title: `${data.product.name} – ${data.product.brand.name}`,
    description: data.product.description,
    path: href('product', { slug: data.product.slug }),
  });
};

export default page(
  () => import('../pages/search-product'),
  import.meta.env.SSR ? await import('../pages/search-product') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
