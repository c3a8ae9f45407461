import { data, type AppLoadContext } from 'react-router';
import {
  cataloguePaths,
  SLUG_LIMIT,
  type BrandPage,
  type Category,
  type CategoryPage,
  type Brand,
  type ProductDetail,
  type ProductList,
  type ProductSummary,
  type SearchResult,
} from '../../../shared/contracts/catalogue';
import type { PlatformClient } from '../../../shared/load-context';
import { optionalSection, sectionData, SectionFetchError } from '../../lib/optional-section.server';
import { nothingThere, platformMessage } from '../../lib/platform-answer.server';
import type { SearchFilters } from '../search/search-filters';

// The catalogue calls of the screens' loaders. Critical data throws (404 for unknown things, 502
// when the service fails); optional data (related products, rails) falls back to nothing so one
// slow or failing block never takes the page down.
export const PAGE_SIZE = 24;

async function required<T>(platform: PlatformClient, path: string): Promise<T> {
  const response = await platform.call<T>({ path });
  if (nothingThere(response.status)) throw data(null, { status: 404 });
  // The platform refused the request (a search of 3,000 characters, say): the visitor's input,
  // so a 4xx with the platform's message, not a 502 (issue #12 item 6).
  if (response.status >= 400 && response.status < 500)
    throw data(
      { message: platformMessage(response.body, response.status) },
      { status: response.status },
    );
  if (!response.ok) throw data({ message: null }, { status: 502 });
  return response.body;
}

async function optional<T>(platform: PlatformClient, path: string, fallback: T): Promise<T> {
  try {
    const response = await platform.call<T>({ path });
    return response.ok ? response.body : fallback;
  } catch {
    return fallback;
  }
}

export const productBySlug = (platform: PlatformClient, slug: string) =>
  required<ProductDetail>(platform, cataloguePaths.productBySlug(slug));

/** Optional: a failure leaves the section out and is reported (docs/decisions/0136). */
export const relatedProducts = async (
  context: Pick<AppLoadContext, 'platform' | 'reportSectionFailure'>,
  productIdOrSlug: string,
  limit = 8,
) =>
  (
    await optionalSection(
      context,
      'related products',
      () =>
        sectionData<ProductList>(
          context.platform,
          cataloguePaths.related(productIdOrSlug, limit),
        ).catch((error: unknown) => {
          // No such product: the page itself answers 404 (asked in parallel); nothing to report.
          if (error instanceof SectionFetchError && error.status === 404) return { items: [] };
          throw error;
        }),
      { items: [] },
    )
  ).items;

/**
 * A product page's data: the product and its related products, asked for in parallel by slug.
 * Both settle before the page answers, so a missing product (404) leaves no call running behind
 * it; related products are an optional section and never fail the page.
 */
export async function productWithRelated(
  context: Pick<AppLoadContext, 'platform' | 'reportSectionFailure'>,
  slug: string,
) {
  // No product has a longer slug: the catalogue would refuse the lookup as a bad query (400).
  if (slug.length > SLUG_LIMIT) throw data(null, { status: 404 });
  const [product, related] = await Promise.allSettled([
    productBySlug(context.platform, slug),
    relatedProducts(context, slug),
  ]);
  if (product.status === 'rejected') throw product.reason;
  return { product: product.value, related: related.status === 'fulfilled' ? related.value : [] };
}

export const featuredProducts = async (platform: PlatformClient, limit = 12) =>
  (await optional<ProductList>(platform, cataloguePaths.featured(limit), { items: [] })).items;

export function brandPage(
  platform: PlatformClient,
  brandSlug: string,
  page: number,
): Promise<BrandPage> {
  return required<BrandPage>(
    platform,
    `${cataloguePaths.brand(brandSlug)}?page=${page}&pageSize=${PAGE_SIZE}`,
  );
}

export function categoryPage(
  platform: PlatformClient,
  slug: string,
  page: number,
): Promise<CategoryPage> {
  return required<CategoryPage>(
    platform,
    `${cataloguePaths.category(slug)}?page=${page}&pageSize=${PAGE_SIZE}`,
  );
}

export const allBrands = async (platform: PlatformClient) =>
  (await optional<{ items: Brand[] }>(platform, cataloguePaths.brands, { items: [] })).items;

export const allCategories = async (platform: PlatformClient) =>
  (await optional<{ items: Category[] }>(platform, cataloguePaths.categories, { items: [] })).items;

export function searchPath(query: string, filters: SearchFilters, pageSize = PAGE_SIZE): string {
  const params = new URLSearchParams({
    q: query,
    sort: filters.sort,
    page: String(filters.page),
    pageSize: String(pageSize),
  });
  if (filters.brand) params.set('brand', filters.brand);
  if (filters.category) params.set('category', filters.category);
  if (filters.freeFrom?.length) params.set('freeFrom', filters.freeFrom.join(','));
  return `${cataloguePaths.search}?${params}`;
}

export const searchProducts = (platform: PlatformClient, query: string, filters: SearchFilters) =>
  required<SearchResult>(platform, searchPath(query, filters));

/** A short rail of products for a search term (home blocks, empty states). */
export const productRail = async (
  platform: PlatformClient,
  query: string,
  limit: number,
): Promise<ProductSummary[]> =>
  (
    await optional<Pick<SearchResult, 'items'>>(
      platform,
      searchPath(query, { sort: 'relevance', page: 1 }, limit),
      { items: [] },
    )
  ).items;
