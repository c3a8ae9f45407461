import { href } from '../../shared/href';
import { ProductDetail } from '../components/catalogue/product-detail';
import type { Route } from '../routes/+types/product';
import { productView } from '../analytics/items';
import { useTrack } from '../analytics/track';

export default function ProductScreen({ loaderData }: Route.ComponentProps) {
  const { product, related } = loaderData;
  useTrack('view_item', product.offering.id, () => productView(product));
  return (
    <ProductDetail
      product={product}
      related={related}
      returnTo={href('product', { slug: product.slug })}
    />
  );
}
