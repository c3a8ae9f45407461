import { CATALOGUE_BASE } from '../../shared/contracts/catalogue';

// The products and brands a public catalogue answer shows a shop has (ADR 0275): what lets a
// session's product or brand page send its head before the platform has answered for it.
export type CatalogueName = { kind: 'product' | 'brand'; slug: string };

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
const slugOf = (value: unknown): string | null => {
  const slug = field(value, 'slug');
  return typeof slug === 'string' && slug !== '' ? slug : null;
};
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The names in a 200 answer to a GET of `path` (with its query), parsed. */
export function namesInAnswer(path: string, body: unknown): CatalogueName[] {
  if (!path.startsWith(`${CATALOGUE_BASE}/`)) return [];
  const rest = path.slice(CATALOGUE_BASE.length);
  const names: CatalogueName[] = [];
  const named = (kind: CatalogueName['kind'], slug: string | null) => {
    if (slug !== null) names.push({ kind, slug });
  };
  // A product summary or detail: a slug and its brand's (a category or a brand has no brand).
  const product = (value: unknown) => {
    const brand = slugOf(field(value, 'brand'));
    if (brand === null) return;
    named('product', slugOf(value));
    named('brand', brand);
  };
  if (/^\/brands(\?|$)/.test(rest)) {
    for (const brand of listOf(field(body, 'items'))) named('brand', slugOf(brand));
  } else if (rest.startsWith('/products/by-slug?')) product(body);
  else if (rest.startsWith('/suggest?')) {
    // A suggestion names its brand by name, not slug: the product alone.
    for (const item of listOf(field(body, 'suggestions'))) named('product', slugOf(item));
  } else {
    // Listings: a brand's page, a category's, search results, related and featured products.
    if (rest.startsWith('/brands/')) named('brand', slugOf(field(body, 'brand')));
    listOf(field(body, 'items')).forEach(product);
    for (const facet of listOf(field(field(body, 'facets'), 'brands')))
      named('brand', slugOf(facet));
  }
  return names;
}
