import type { ProductSummary } from '../../../shared/contracts/catalogue';
import { useAppLinkClicks } from '../../lib/app-links';
import { ProductCard } from './product-card';
import '../../styles/catalogue.css';

// Pictures of a grid's first row are above the fold (the first one is the likely LCP); the rest,
// and rails, load lazily. ADR 0152.
const EAGER_IN_GRID = 4;
const imageLoading = (variant: 'grid' | 'rail', index: number) =>
  variant === 'rail' || index >= EAGER_IN_GRID ? 'lazy' : index === 0 ? 'first' : 'eager';

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
  // One click handler for all the grid's product links (client/lib/app-links.ts).
  const onClick = useAppLinkClicks();
  return (
    // Enter on a focused link is a click too: keyboard users navigate the same way.
    <ul className={`product-${variant}`} aria-label={label} onClick={onClick}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            to={linkOf?.(product)}
            returnTo={returnTo}
            image={imageLoading(variant, index)}
          />
        </li>
      ))}
    </ul>
  );
}
