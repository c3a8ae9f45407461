import type { AppLoadContext } from 'react-router';
import {
  cataloguePaths,
  type Brand,
  type Category,
  type ProductSummary,
} from '../../../shared/contracts/catalogue';
import { cmsPaths, type HomeBlock, type HomePage } from '../../../shared/contracts/cms';
import { optionalSection, sectionData } from '../../lib/optional-section.server';
import { searchPath } from '../catalogue/catalogue.server';

// The home page's CMS blocks with what they name fetched from the catalogue, all in parallel.
// Everything here is optional (issue #12 item 7): without the home content the page shows the
// shop's frame; a block whose data fails is left out (and reported), the others stay. Categories
// and brands are fetched once however many blocks show them. A rail whose search finds nothing
// shows the shop's featured products instead, so the home page is never a blank shelf.
export type ResolvedHomeBlock =
  | Extract<HomeBlock, { type: 'hero' | 'promo' }>
  | (Extract<HomeBlock, { type: 'product-rail' }> & { products: ProductSummary[] })
  | (Extract<HomeBlock, { type: 'category-tiles' }> & { categories: Category[] })
  | (Extract<HomeBlock, { type: 'brand-strip' }> & { brands: Brand[] });

type Items<T> = { items: T[] };

export async function resolveHomeBlocks(context: AppLoadContext): Promise<ResolvedHomeBlock[]> {
  const { platform } = context;
  const { blocks } = await optionalSection(
    context,
    'home content',
    () => sectionData<HomePage>(platform, cmsPaths.home),
    { blocks: [] },
  );
  const once = <T>(load: () => Promise<T>) => {
    let started: Promise<T> | undefined;
    return () => (started ??= load());
  };
  const categories = once(() => sectionData<Items<Category>>(platform, cataloguePaths.categories));
  const brands = once(() => sectionData<Items<Brand>>(platform, cataloguePaths.brands));

  async function resolve(block: HomeBlock): Promise<ResolvedHomeBlock> {
    switch (block.type) {
      case 'product-rail': {
        const rail = searchPath(block.query, { sort: 'relevance', page: 1 }, block.limit);
        const found = (await sectionData<Items<ProductSummary>>(platform, rail)).items;
        const products =
          found.length > 0
            ? found
            : (
                await sectionData<Items<ProductSummary>>(
                  platform,
                  cataloguePaths.featured(block.limit),
                )
              ).items;
        return { ...block, products };
      }
      case 'category-tiles':
        return {
          ...block,
          categories: (await categories()).items.filter((category) => category.productCount > 0),
        };
      case 'brand-strip':
        return {
          ...block,
          brands: [...(await brands()).items]
            .sort((a, b) => b.productCount - a.productCount)
            .slice(0, block.limit),
        };
      default:
        return block;
    }
  }

  const resolved = await Promise.all(
    blocks.map((block) => optionalSection(context, block.type, () => resolve(block), null)),
  );
  return resolved.filter((block): block is ResolvedHomeBlock => block !== null);
}
