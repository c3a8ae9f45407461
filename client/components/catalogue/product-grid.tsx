import type { ProductSummary } from '../../../shared/contracts/catalogue';
import { ProductCard } from './product-card';
import '../../styles/catalogue.css';

// A list of product cards. `linkOf` lets search results keep their context in product links.
export function ProductGrid({
  products,
  label,
  linkOf,
  returnTo,
  variant = 'grid',
}: {
  products: readonly ProductSummary[];
  label: string;
  linkOf?: (product: ProductSummary) => string;
  returnTo?: string;
  variant?: 'grid' | 'rail';
}) {
  return (
    <ul className={`product-${variant}`} aria-label={label}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} to={linkOf?.(product)} returnTo={returnTo} />
        </li>
      ))}
    </ul>
  );
}
