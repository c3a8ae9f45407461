import { expect } from 'vitest';
import { cataloguePaths, ProductDetail } from '../../shared/contracts/catalogue';
import type { OfferingView } from '../../shared/contracts/lists';
import { json } from './answers';
import type { TestPlatform } from './platform';

/**
 * Each offering view of a list or smart cart states the pack its product has in the catalogue
 * (one `packOf` on the platform for both: ADR 0214), and at least one of them holds an amount.
 */
export async function expectCataloguePacks(
  platform: TestPlatform,
  views: readonly (OfferingView | null)[],
): Promise<void> {
  const known = views.filter((view) => view !== null);
  for (const view of known) {
    const path = cataloguePaths.productBySlug(view.slug);
    const product = await json(await platform.call(path), 200, ProductDetail);
    expect(view.pack, view.sizeLabel).toEqual(product.pack);
  }
  expect(known.some((view) => view.pack)).toBe(true);
}
