import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonSchema } from '../../shared/json-schema';
import { upstreamOperations } from '../../shared/upstream/contract';
import { startPlatform, type TestPlatform } from '../support/platform';

// The catalogue's paged and limited reads at the largest value the upstream contract allows
// (docs/api/upstream.openapi.json): the reference platform must serve them, not refuse them as a
// bad request. A range wider in the contract than on the platform tells an adopter a value is
// fine that the platform, and any upstream built like it, answers 400.
const op = (id: string) => upstreamOperations.find((o) => o.id === id)!;

/** The largest value the contract allows for each numeric query parameter of an operation. */
function maxima(id: string): Record<string, string> {
  const properties = (jsonSchema(op(id).query!, 'output').properties ?? {}) as Record<
    string,
    { maximum?: number }
  >;
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([, schema]) => typeof schema.maximum === 'number')
      .map(([name, schema]) => [name, String(schema.maximum)]),
  );
}

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform?.close());

describe('the catalogue at the contract’s largest values', () => {
  it.each([
    ['catalogueGetSearch', '/api/services/catalogue/api/v1/search', { q: 'milk' }],
    ['catalogueGetSuggest', '/api/services/catalogue/api/v1/suggest', { q: 'mi' }],
    ['catalogueGetProductsFeatured', '/api/services/catalogue/api/v1/products/featured', {}],
  ] as const)('%s', async (id, path, base) => {
    const query = new URLSearchParams({ ...base, ...maxima(id) });
    const response = await platform.call(`${path}?${query}`);
    expect(response.status, `${path}?${query}: ${await response.clone().text()}`).toBe(200);
  });

  it('a brand’s and a category’s last page the contract allows', async () => {
    const brands = (await (
      await platform.call('/api/services/catalogue/api/v1/brands')
    ).json()) as {
      items: { slug: string }[];
    };
    const categories = (await (
      await platform.call('/api/services/catalogue/api/v1/categories')
    ).json()) as { items: { slug: string }[] };
    for (const [id, path] of [
      [
        'catalogueGetBrandsByBrandSlug',
        `/api/services/catalogue/api/v1/brands/${brands.items[0]!.slug}`,
      ],
      [
        'catalogueGetCategoriesBySlug',
        `/api/services/catalogue/api/v1/categories/${categories.items[0]!.slug}`,
      ],
    ] as const) {
      const query = new URLSearchParams(maxima(id));
      const response = await platform.call(`${path}?${query}`);
      expect(response.status, `${path}?${query}`).toBe(200);
    }
  });
});
