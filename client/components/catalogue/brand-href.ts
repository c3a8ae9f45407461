import { href } from '../../../shared/href';

/** A page of a brand's products: /brands/{brandSlug}, ?page= from the second page on. */
export const brandHref = (brandSlug: string, page: number) =>
  href('brands', { brandSlug }, { page: page > 1 ? page : undefined });
