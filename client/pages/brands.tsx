import { brandHref } from '../components/catalogue/brand-href';
import { Breadcrumbs } from '../components/catalogue/breadcrumbs';
import { Pagination } from '../components/catalogue/pagination';
import { ProductGrid } from '../components/catalogue/product-grid';
import { useCounts } from '../lib/counted';
import type { Route } from '../routes/+types/brands';

export default function BrandScreen({ loaderData }: Route.ComponentProps) {
  const { brand, items, total, page, pageSize } = loaderData;
  const here = brandHref(brand.slug, page);
  const counts = useCounts();
  return (
    <>
      <Breadcrumbs crumbs={[{ label: 'Home', to: '/' }, { label: brand.name }]} />
      <header className="listing-header">
        <h1>{brand.name}</h1>
        <p className="listing-description">{brand.description}</p>
        <p className="listing-count">{counts.products(total)}</p>
      </header>
      {/* The cards' names are h3: a heading of their own between the h1 and them (axe heading-order). */}
      <h2 className="visually-hidden">{`Products of ${brand.name}`}</h2>
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
