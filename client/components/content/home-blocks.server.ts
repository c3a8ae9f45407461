import type { Brand, Category, ProductSummary } from '../../../shared/contracts/catalogue';
import type { HomeBlock } from '../../../shared/contracts/cms';
import type { PlatformClient } from '../../../shared/load-context';
import {
  allBrands,
  allCategories,
  featuredProducts,
  productRail,
} from '../catalogue/catalogue.server';
import { homePage } from './content.server';

// The home page's CMS blocks with what they name fetched from the catalogue, all in parallel.
// Categories and brands are fetched once however many blocks show them. A rail whose search finds
// nothing shows the shop's featured products instead, so the home page is never a blank shelf.
export type ResolvedHomeBlock =
  | Extract<HomeBlock, { type: 'hero' | 'promo' }>
  | (Extract<HomeBlock, { type: 'product-rail' }> & { products: ProductSummary[] })
  | (Extract<HomeBlock, { type: 'category-tiles' }> & { categories: Category[] })
  | (Extract<HomeBlock, { type: 'brand-strip' }> & { brands: Brand[] });

export async function resolveHomeBlocks(platform: PlatformClient): Promise<ResolvedHomeBlock[]> {
  const { blocks } = await homePage(platform);
  const needs = (type: HomeBlock['type']) => blocks.some((block) => block.type === type);
  const [categories, brands] = await Promise.all([
    needs('category-tiles') ? allCategories(platform) : [],
    needs('brand-strip') ? allBrands(platform) : [],
  ]);
  return Promise.all(
    blocks.map(async (block): Promise<ResolvedHomeBlock> => {
      switch (block.type) {
        case 'product-rail': {
          const found = await productRail(platform, block.query, block.limit);
          return {
            ...block,
            products: found.length > 0 ? found : await featuredProducts(platform, block.limit),
          };
        }
        case 'category-tiles':
          return {
            ...block,
            categories: categories.filter((category) => category.productCount > 0),
          };
        case 'brand-strip':
          return {
            ...block,
            brands: [...brands]
              .sort((a, b) => b.productCount - a.productCount)
              .slice(0, block.limit),
          };
        default:
          return block;
      }
    }),
  );
}
