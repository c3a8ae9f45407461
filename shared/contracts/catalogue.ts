import { z } from 'zod';
import { FoodInformation, Pack } from '../grocery';

// The catalogue service: products, brands, categories, search and suggestions. Prices are the
// shop's (the tenant of X-Domain-Origin), in integer cents of `currency`. Image URLs are paths the
// browser fetches through the gateway.
export const CATALOGUE_BASE = '/api/services/catalogue/api/v1';

const list = (values: readonly string[]) => values.map(encodeURIComponent).join(',');
/**
 * The longest product slug the catalogue looks up (its router takes no longer path parameter
 * either): a page addressed by a longer one has no product (the app's 404, not a 400).
 */
export const SLUG_LIMIT = 300;
/** The most ids or slugs one list call takes (offerings, products by ids or by slugs). */
export const IDS_PER_CALL = 100;
export const cataloguePaths = {
  productBySlug: (slug: string) =>
    `${CATALOGUE_BASE}/products/by-slug?slug=${encodeURIComponent(slug)}`,
  productsBySlugs: (slugs: readonly string[]) => `${CATALOGUE_BASE}/products?slugs=${list(slugs)}`,
  productsByIds: (ids: readonly string[]) => `${CATALOGUE_BASE}/products?ids=${list(ids)}`,
  featured: (limit = 12) => `${CATALOGUE_BASE}/products/featured?limit=${limit}`,
  /** By product id or slug. */
  related: (productIdOrSlug: string, limit = 8) =>
    `${CATALOGUE_BASE}/products/${encodeURIComponent(productIdOrSlug)}/related?limit=${limit}`,
  offerings: (ids: readonly string[]) => `${CATALOGUE_BASE}/offerings?ids=${list(ids)}`,
  brands: `${CATALOGUE_BASE}/brands`,
  brand: (slug: string) => `${CATALOGUE_BASE}/brands/${encodeURIComponent(slug)}`,
  categories: `${CATALOGUE_BASE}/categories`,
  category: (slug: string) => `${CATALOGUE_BASE}/categories/${encodeURIComponent(slug)}`,
  search: `${CATALOGUE_BASE}/search`,
  suggest: `${CATALOGUE_BASE}/suggest`,
  image: (productId: string, n: number) =>
    `${CATALOGUE_BASE}/images/${encodeURIComponent(productId)}/${n}.svg`,
} as const;

/** The category slugs other parts of the shop may link to. */
export const CATEGORY_SLUGS = [
  'fruit-vegetables',
  'dairy-eggs',
  'bakery',
  'meat-fish',
  'pantry',
  'drinks',
  'frozen',
  'snacks',
  'household',
  'baby-care',
  'health-beauty',
  'pet-food',
] as const;

export const SORTS = ['relevance', 'price-asc', 'price-desc', 'name'] as const;
export type Sort = (typeof SORTS)[number];
export const MAX_PAGE_SIZE = 60;

export const Offering = z.object({
  id: z.string(),
  priceSingleCents: z.number().int(),
  priceCaseCents: z.number().int(),
  caseSize: z.number().int(),
  available: z.boolean(),
  currency: z.string(),
});
export type Offering = z.infer<typeof Offering>;

export const BrandRef = z.object({ slug: z.string(), name: z.string() });
export type BrandRef = z.infer<typeof BrandRef>;
export const CategoryRef = z.object({ slug: z.string(), name: z.string() });
export type CategoryRef = z.infer<typeof CategoryRef>;

export const ProductSummary = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  sizeLabel: z.string(),
  brand: BrandRef,
  category: CategoryRef,
  /** The first image. */
  image: z.string(),
  offering: Offering,
  /** What a pack holds, for the unit price (shared/grocery.ts); null when the size says no amount. */
  pack: Pack.nullable().optional(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const ProductDetail = ProductSummary.extend({
  description: z.string(),
  images: z.array(z.string()),
  /** Ingredients, allergens, nutrition and storage of a food; null for what is not food. */
  food: FoodInformation.nullable().optional(),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const ProductList = z.object({ items: z.array(ProductSummary) });
export type ProductList = z.infer<typeof ProductList>;

/** GET /offerings?ids=: the product of each offering, keyed by offering id (unknown ids left out). */
export const OfferingSummaries = z.object({ offerings: z.record(z.string(), ProductSummary) });
export type OfferingSummaries = z.infer<typeof OfferingSummaries>;

export const Brand = BrandRef.extend({ description: z.string(), productCount: z.number().int() });
export type Brand = z.infer<typeof Brand>;
export const Category = CategoryRef.extend({
  description: z.string(),
  productCount: z.number().int(),
});
export type Category = z.infer<typeof Category>;

const Page = {
  items: z.array(ProductSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
};
export const BrandPage = z.object({ brand: Brand, ...Page });
export type BrandPage = z.infer<typeof BrandPage>;
export const CategoryPage = z.object({ category: Category, ...Page });
export type CategoryPage = z.infer<typeof CategoryPage>;

export const Facet = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });
export type Facet = z.infer<typeof Facet>;

export const SearchResult = z.object({
  ...Page,
  facets: z.object({
    brands: z.array(Facet),
    categories: z.array(Facet),
    /** Per allergen: the results free from it (and from those already chosen). */
    freeFrom: z.array(Facet).optional(),
  }),
  /** Set when a typed word matched nothing and was corrected ("brocoli" → "broccoli"). */
  correctedQuery: z.string().optional(),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const Suggestions = z.object({
  suggestions: z.array(
    z.object({ slug: z.string(), name: z.string(), brand: z.string(), image: z.string() }),
  ),
  categories: z.array(CategoryRef),
});
export type Suggestions = z.infer<typeof Suggestions>;
