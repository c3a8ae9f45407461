import { href } from '../../shared/href';
import { productWithRelated } from '../components/catalogue/catalogue.server';
import { productJsonLd } from '../components/catalogue/product-json-ld';
import { guardRoute } from '../lib/route-guard.server';
import { publicOrigin } from '../lib/public-origin';
import { pageMeta, rootContext, loaderMeta, loaderWithMeta } from '../lib/seo';
import type { RouteParams } from '../../shared/routes';
import type { Route } from './+types/product';
import { page } from '../lib/island';

// /products/{slug}: the slug spans several path segments (category/brand/name).
async function load(args: Route.LoaderArgs) {
  const { slug } = (await guardRoute('product', args)) as RouteParams<'product'>;
  return productWithRelated(args.context, slug);
}

// The page's title, description and canonical URL, computed by the loader on the server.
export const loader = loaderWithMeta(load, (data, matches) => {
  const { product } = data;
  const path = href('product', { slug: product.slug });
  const context = rootContext(matches);
  const origin = context ? publicOrigin(context) : '';
  return pageMeta(matches, {
    title: `${product.name} – ${product.brand.name}`,
    description: product.description,
    path,
    extra: origin
      ? [{ 'script:ld+json': productJsonLd(product, new URL(path, origin).toString(), origin) }]
      : [],
  });
});

export const meta: Route.MetaFunction = loaderMeta;

const pageCode = () => import('../pages/product');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
