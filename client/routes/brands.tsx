import { brandHref } from '../components/catalogue/brand-href';
import { brandPage } from '../components/catalogue/catalogue.server';
import { pageNumber } from '../components/catalogue/page-number';
import { guardRoute } from '../lib/route-guard.server';
import { pageMeta, loaderMeta, loaderWithMeta } from '../lib/seo';
import type { RouteParams } from '../../shared/routes';
import type { Route } from './+types/brands';
import { page } from '../lib/island';

// /brands/{brandSlug}: the brand, its story and a page of its products (?page=).
async function load(args: Route.LoaderArgs) {
  const { brandSlug } = (await guardRoute('brands', args)) as RouteParams<'brands'>;
  return brandPage(args.context.platform, brandSlug, pageNumber(args.request.url));
}

// The page's title, description and canonical URL, computed by the loader on the server.
export const loader = loaderWithMeta(load, (data, matches) => {
  return pageMeta(matches, {
    title: data.page > 1 ? `${data.brand.name} (page ${data.page})` : data.brand.name,
    description: data.brand.description,
    path: brandHref(data.brand.slug, data.page),
  });
});

export const meta: Route.MetaFunction = loaderMeta;

const pageCode = () => import('../pages/brands');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
