import { useLocation } from 'react-router';
import { href } from '../../shared/href';
import { brandPage } from '../components/catalogue/catalogue.server';
import { Breadcrumbs } from '../components/catalogue/breadcrumbs';
import { pageNumber } from '../components/catalogue/page-number';
import { Pagination } from '../components/catalogue/pagination';
import { ProductGrid } from '../components/catalogue/product-grid';
import { RouteErrorScreen } from '../components/error-screens';
import { guardRoute } from '../lib/route-guard.server';
import { notFoundMeta, pageMeta } from '../lib/seo';
import type { RouteParams } from '../../shared/routes';
import type { Route } from './+types/brands';

// /brands/{brandSlug}: the brand, its story and a page of its products (?page=).
export async function loader(args: Route.LoaderArgs) {
  const { brandSlug } = guardRoute('brands', args) as RouteParams<'brands'>;
  return brandPage(args.context.platform, brandSlug, pageNumber(args.request.url));
}

const brandHref = (brandSlug: string, page: number) =>
  href('brands', { brandSlug }, { page: page > 1 ? page : undefined });

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return notFoundMeta(matches);
  return pageMeta(matches, {
    title: data.page > 1 ? `${data.brand.name} (page ${data.page})` : data.brand.name,
    description: data.brand.description,
    path: brandHref(data.brand.slug, data.page),
  });
};

export default function BrandScreen({ loaderData }: Route.ComponentProps) {
  const { brand, items, total, page, pageSize } = loaderData;
  const here = brandHref(brand.slug, page);
  return (
    <>
      <Breadcrumbs crumbs={[{ label: 'Home', to: '/' }, { label: brand.name }]} />
      <header className="listing-header">
        <h1>{brand.name}</h1>
        <p className="listing-description">{brand.description}</p>
        <p className="listing-count">{`${total} ${total === 1 ? 'product' : 'products'}`}</p>
      </header>
      <ProductGrid products={items} label={`Products of ${brand.name}`} returnTo={here} />
      <Pagination
        page={page}
        total={total}
        pageSize={pageSize}
        hrefOf={(n) => brandHref(brand.slug, n)}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
