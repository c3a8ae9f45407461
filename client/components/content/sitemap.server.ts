import {
  cataloguePaths,
  MAX_PAGE_SIZE,
  type CategoryPage,
} from '../../../shared/contracts/catalogue';
import { href } from '../../../shared/href';
import type { PlatformClient } from '../../../shared/load-context';
import { allBrands, allCategories } from '../catalogue/catalogue.server';
import { categoryHref } from '../search/search-filters';
import { contentPages, policyPages } from './content.server';

// The URLs of one shop's sitemap: home, policies, content pages, brands, categories (each opens
// as its own listing, /search?category=, ADR 0160) and every product. The catalogue has no "all
// products" call, so products are read category by category, page by page, in parallel. The
// list is the same for every visitor of a shop: it is kept for a few minutes per shop, by its
// configured public origin, so another Host of the same shop costs no second collection
// (tenant-level data may be cached; a shopper's never is).
const TTL_MS = 5 * 60_000;
const MAX_PAGES_PER_CATEGORY = 40;
const cache = new Map<string, { until: number; paths: Promise<string[]> }>();

export function sitemapPaths(platform: PlatformClient, origin: string): Promise<string[]> {
  const hit = cache.get(origin);
  if (hit && hit.until > Date.now()) return hit.paths;
  const paths = collect(platform);
  if (cache.size > 100) cache.clear();
  cache.set(origin, { until: Date.now() + TTL_MS, paths });
  // A failed collection must not be served from the cache.
  paths.catch(() => cache.delete(origin));
  return paths;
}

async function collect(platform: PlatformClient): Promise<string[]> {
  const [policies, pages, brands, categories] = await Promise.all([
    policyPages(platform),
    contentPages(platform),
    allBrands(platform),
    allCategories(platform),
  ]);
  const productSlugs = (
    await Promise.all(
      categories.map((category) =>
        categoryProductSlugs(platform, category.slug, category.productCount),
      ),
    )
  ).flat();
  return [
    '/',
    ...policies.map((page) => href('policy', { policyCode: page.slug })),
    ...pages.map((page) => href('content-page', { pageId: page.slug })),
    ...brands
      .filter((brand) => brand.productCount > 0)
      .map((brand) => href('brands', { brandSlug: brand.slug })),
    ...categories
      .filter((category) => category.productCount > 0)
      .map((category) => categoryHref(category)),
    ...[...new Set(productSlugs)].map((slug) => href('product', { slug })),
  ];
}

async function categoryProductSlugs(
  platform: PlatformClient,
  slug: string,
  count: number,
): Promise<string[]> {
  const pages = Math.min(Math.ceil(count / MAX_PAGE_SIZE), MAX_PAGES_PER_CATEGORY);
  const answers = await Promise.all(
    Array.from({ length: pages }, (_, n) =>
      platform.call<CategoryPage>({
        path: `${cataloguePaths.category(slug)}?page=${n + 1}&pageSize=${MAX_PAGE_SIZE}`,
      }),
    ),
  );
  return answers.flatMap((answer) => (answer.ok ? answer.body.items.map((item) => item.slug) : []));
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map(
    (path) => `  <url><loc>${escapeXml(new URL(path, origin).toString())}</loc></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
