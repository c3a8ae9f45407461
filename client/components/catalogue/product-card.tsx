import type { ProductSummary } from '../../../shared/contracts/catalogue';
import { href } from '../../../shared/href';
import { QuantityControls } from '../cart/quantity-controls.island';
import { AddToList, listProps } from '../lists/add-to-list';
import { OfferingPrice } from './offering-price';
import { SizeLabel } from './size-label';

// One product in a grid or a rail: image, name, brand and size, prices, "Add 1" / "Add case".
// `to` overrides the product link (search results link to the product in their context). The
// link is a plain <a>: the grid's one delegated click handler keeps client navigation
// (perf-notes "Elements per product card", docs/decisions/0162).
export function ProductCard({
  product,
  to,
  returnTo,
  image = 'lazy',
}: {
  product: ProductSummary;
  to?: string;
  returnTo?: string;
  /** 'first': the likely LCP image, fetched at once with high priority; 'eager': above the fold. */
  image?: 'first' | 'eager' | 'lazy';
}) {
  const link = to ?? href('product', { slug: product.slug });
  return (
    <article className="product-card">
      <a href={link} className="product-card-link">
        <img
          src={product.image}
          alt=""
          width={160}
          height={160}
          loading={image === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={image === 'first' ? 'high' : undefined}
          decoding="async"
        />
        <h3 className="product-card-name">{product.name}</h3>
      </a>
      <SizeLabel
        as="p"
        className="product-card-meta"
        before={`${product.brand.name} · `}
        label={product.sizeLabel}
      />
      <OfferingPrice offering={product.offering} pack={product.pack} size="compact" />
      <QuantityControls
        offering={product.offering}
        productName={product.name}
        returnTo={returnTo}
      />
      <AddToList {...listProps(product, returnTo)} />
    </article>
  );
}
