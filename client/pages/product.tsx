import { href } from '../../shared/href';
import { ProductDetail } from '../components/catalogue/product-detail';
import type { Route } from '../routes/+types/product';

export default function ProductScreen({ loaderData }: Route.ComponentProps) {
  const { product, related } = loaderData;
  return (
    <ProductDetail
      product={product}
      related={related}
      returnTo={href('product', { slug: product.slug })}
    />
  );
}
