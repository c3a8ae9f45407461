import type { ProductDetail } from '../../../shared/contracts/catalogue';

// schema.org Product for search engines, rendered by React Router's meta as a data block
// (<script type="application/ld+json">, HTML-escaped). A data block never executes, so the CSP
// does not apply to it and it needs no nonce (ADR 0073).
export function productJsonLd(
  product: ProductDetail,
  canonicalUrl: string,
  origin: string,
): Record<string, unknown> {
  const { offering } = product;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.id,
    image: product.images.map((image) => new URL(image, origin).toString()),
    brand: { '@type': 'Brand', name: product.brand.name },
    category: product.category.name,
    url: canonicalUrl,
    offers: {
      '@type': 'Offer',
      url: canonicalUrl,
      priceCurrency: offering.currency,
      price: (offering.priceSingleCents / 100).toFixed(2),
      availability: offering.available
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', value: 1 },
    },
  };
}
