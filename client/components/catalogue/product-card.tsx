import { Link } from 'react-router';
import type { ProductSummary } from '../../../shared/contracts/catalogue';
import { href } from '../../../shared/href';
import { QuantityControls } from '../cart/quantity-controls';
import { OfferingPrice } from './offering-price';

// One product in a grid or a rail: image, name, brand, size, prices and the quantity controls.
// `to` overrides the product link (search results link to the product in their context).
export function ProductCard({
  product,
  to,
  returnTo,
}: {
  product: ProductSummary;
  to?: string;
  returnTo?: string;
}) {
  const link = to ?? href('product', { slug: product.slug });
  return (
    <article className="product-card">
      <Link to={link} className="product-card-link" prefetch="intent">
        <img src={product.image} alt="" width={160} height={160} loading="lazy" decoding="async" />
        <h3 className="product-card-name">{product.name}</h3>
      </Link>
      <p className="product-card-meta">
        <span>{product.brand.name}</span> · <span>{product.sizeLabel}</span>
      </p>
      <OfferingPrice offering={product.offering} size="compact" />
      <QuantityControls
        offering={product.offering}
        productName={product.name}
        returnTo={returnTo}
      />
    </article>
  );
}
