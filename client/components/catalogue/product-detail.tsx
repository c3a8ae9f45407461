import { Link } from 'react-router';
import type { ProductDetail as Product, ProductSummary } from '../../../shared/contracts/catalogue';
import { href } from '../../../shared/href';
import { QuantityControls } from '../cart/quantity-controls.island';
import { listProps } from '../lists/add-to-list';
import { AddToListHere } from '../lists/add-to-list-here.island';
import { categoryHref } from '../search/search-filters';
import { Breadcrumbs, type Crumb } from './breadcrumbs';
import { FoodInformation } from './food-information';
import { OfferingPrice } from './offering-price';
import { ProductGallery } from './product-gallery';
import { ProductGrid } from './product-grid';
import { SizeLabel } from './size-label';

// The product page's body, shared by /products/{slug} and /search/{query}/{productSlug}: the
// breadcrumbs differ (the search one leads back to its results), the rest is the same.
export function ProductDetail({
  product,
  related,
  crumbs,
  returnTo,
}: {
  product: Product;
  related: readonly ProductSummary[];
  crumbs?: readonly Crumb[];
  returnTo?: string;
}) {
  const trail = crumbs ?? [
    { label: 'Home', to: '/' },
    { label: product.category.name, to: categoryHref(product.category) },
    { label: product.name },
  ];
  return (
    <>
      <Breadcrumbs crumbs={trail} />
      <article className="product-detail" aria-labelledby="product-name">
        <ProductGallery images={product.images} name={product.name} />
        <div className="product-summary">
          <h1 id="product-name">{product.name}</h1>
          <p className="product-brand">
            <Link to={href('brands', { brandSlug: product.brand.slug })}>{product.brand.name}</Link>
            <SizeLabel before=" · " label={product.sizeLabel} />
          </p>
          <OfferingPrice offering={product.offering} pack={product.pack} />
          <QuantityControls
            offering={product.offering}
            productName={product.name}
            returnTo={returnTo}
          />
          <AddToListHere
            {...listProps(product, returnTo ?? href('product', { slug: product.slug }))}
            caseSize={product.offering.caseSize}
          />
          <h2 className="visually-hidden">Description</h2>
          <p className="product-description">{product.description}</p>
          {product.food ? <FoodInformation food={product.food} /> : null}
        </div>
      </article>
      {related.length > 0 && (
        <section className="related-products" aria-labelledby="related-title">
          <h2 id="related-title">You may also like</h2>
          <ProductGrid
            products={related}
            label="Related products"
            variant="rail"
            returnTo={returnTo}
          />
        </section>
      )}
    </>
  );
}
