import { cataloguePaths, type ProductDetail } from '../../shared/contracts/catalogue';

/**
 * A product as the catalogue answers it: category and brand from its slug
 * (`category/brand/name`), sold at 1.29 EUR a piece and 12.90 a case of 10.
 */
export function productDetail(
  slug: string,
  names: { product?: string; brand?: string } = {},
): ProductDetail {
  const [category = 'dairy-eggs', brand = 'meadowbrook'] = slug.split('/');
  const id = `id-${slug.replaceAll('/', '-')}`;
  return {
    id,
    slug,
    name: names.product ?? `Product ${slug}`,
    sizeLabel: '1 l',
    brand: { slug: brand, name: names.brand ?? `Brand ${brand}` },
    category: { slug: category, name: 'Dairy & Eggs' },
    image: cataloguePaths.image(id, 1),
    offering: {
      id: `o-${slug.replaceAll('/', '-')}`,
      priceSingleCents: 129,
      priceCaseCents: 1290,
      caseSize: 10,
      available: true,
      currency: 'EUR',
    },
    description: 'Fresh.',
    images: [cataloguePaths.image(id, 1)],
  };
}
