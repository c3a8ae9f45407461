import { Link } from 'react-router';
import { ProductDetail } from '../components/catalogue/product-detail';
import { resultProductHref, resultsHref } from '../components/search/search-filters';
import type { Route } from '../routes/+types/search-product';

export default function SearchProductScreen({ loaderData }: Route.ComponentProps) {
  const { searchQuery, filters, product, related } = loaderData;
  const back = resultsHref(searchQuery, filters);
  return (
    <>
      <p className="back-link">
        <Link to={back}>{`‹ Back to the results for “${searchQuery}”`}</Link>
      </p>
      <ProductDetail
        product={product}
        related={related}
        returnTo={resultProductHref(searchQuery, product.slug, filters)}
        crumbs={[
          { label: 'Home', to: '/' },
          { label: `Results for “${searchQuery}”`, to: back },
          { label: product.name },
        ]}
      />
    </>
  );
}
