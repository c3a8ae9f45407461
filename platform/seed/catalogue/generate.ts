import { brandSeeds, type BrandSeed } from './brands';
import { categorySeeds, type CategorySeed, type ProductKind } from './categories';
import type { FoodInformation } from '../../../shared/grocery';
import { foodInformationOf } from './food-information';
import { kindFacts } from './kind-facts';

// Builds the whole catalogue in memory from the data files: every brand makes every kind of its
// categories, with a variant and a size picked by a fixed-seed PRNG, so the output never changes
// between runs (ids, slugs, prices and availability included).
export type TenantPricing = { tenantId: string; factor: number };

export type ProductRow = {
  id: string;
  slug: string;
  name: string;
  description: string;
  brandId: string;
  categoryId: string;
  sizeLabel: string;
  imageCount: number;
  position: number;
  /** What the product is (head nouns), other search words, and its picture's icon (ADR 0160/0161). */
  what: string;
  keywords: string;
  icon: string;
  variant: string;
  /** Ingredients, allergens, nutrition and storage; null when it is not food. */
  food: FoodInformation | null;
};
export type OfferingRow = {
  id: string;
  tenantId: string;
  productId: string;
  priceSingleCents: number;
  priceCaseCents: number;
  caseSize: number;
  available: boolean;
  stock: number;
};
export type Catalogue = { products: ProductRow[]; offerings: OfferingRow[] };

/** mulberry32: small, fast and good enough for demo data. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const slugify = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/%/g, '-pct')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Shop prices end in 9 (1.29, 4.99); never below 0.49. */
const shopPrice = (cents: number) => Math.max(49, Math.floor((cents + 1) / 10) * 10 - 1);

export const brandId = (b: BrandSeed) => `brd-${b.slug}`;
export const categoryId = (c: CategorySeed) => `cat-${c.slug}`;

const SIZE_FACTORS = [1, 1.8, 3.1];

function describe(
  name: string,
  brand: BrandSeed,
  kind: ProductKind,
  size: string,
  category: CategorySeed,
): string {
  const blurb = kind[4].charAt(0).toUpperCase() + kind[4].slice(1);
  return `${brand.name} ${name}, ${size}. ${blurb}. ${brand.description} ${category.storage}`;
}

export function generateCatalogue(tenants: readonly TenantPricing[]): Catalogue {
  const random = prng(20260105);
  const products: ProductRow[] = [];
  const offerings: OfferingRow[] = [];
  for (const category of categorySeeds) {
    const brands = brandSeeds.filter((b) => b.categories.includes(category.slug));
    for (const kind of category.kinds) {
      let first = 0;
      for (const [b, brand] of brands.entries()) {
        const [kindName, sizes, basePrice, caseSize] = kind;
        // Brands side by side in one kind get different variants, so no two names repeat.
        const pick = Math.floor(random() * category.variants.length);
        if (b === 0) first = pick;
        const variant = category.variants[(first + b) % category.variants.length]!;
        const [icon, what, more] = kindFacts[kindName] ?? ['shopping-bags'];
        const sizeIndex = Math.floor(random() * sizes.length);
        const size = sizes[sizeIndex]!;
        const name = variant ? `${variant} ${kindName}` : kindName;
        const n = products.length + 1;
        const id = `prd-${String(n).padStart(4, '0')}`;
        products.push({
          id,
          slug: `${category.slug}/${brand.slug}/${slugify(`${name} ${size}`)}`,
          name,
          description: describe(name, brand, kind, size, category),
          brandId: brandId(brand),
          categoryId: categoryId(category),
          sizeLabel: size,
          imageCount: 1 + Math.floor(random() * 3),
          position: n,
          what: what ?? kindName.split(' ').at(-1)!,
          keywords: more ?? '',
          icon,
          variant,
          food: foodInformationOf(kindName, category.storage),
        });
        const variantFactor = ['Organic', 'Premium', 'Artisan'].includes(variant)
          ? 1.3
          : variant === 'Value'
            ? 0.8
            : 1;
        const listPrice = basePrice * brand.premium * variantFactor * SIZE_FACTORS[sizeIndex]!;
        let previousSingle = 0;
        for (const tenant of tenants) {
          let single = shopPrice(listPrice * tenant.factor * (0.92 + random() * 0.16));
          // Shops price independently: never the same figure as the shop before.
          if (single === previousSingle) single = shopPrice(single + 10);
          previousSingle = single;
          // A case saves 6-18% over buying the singles, and always something.
          const discount = 0.82 + random() * 0.12;
          const available = random() >= 0.03;
          offerings.push({
            id: `off-${tenant.tenantId}-${id}`,
            tenantId: tenant.tenantId,
            productId: id,
            priceSingleCents: single,
            priceCaseCents: Math.min(
              shopPrice(single * caseSize * discount),
              single * caseSize - 1,
            ),
            caseSize,
            available,
            stock: available ? 10 + Math.floor(random() * 490) : 0,
          });
        }
      }
    }
  }
  return { products, offerings };
}
