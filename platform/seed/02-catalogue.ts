import type { Db, Queryable } from '../db/db';
import { brandSeeds } from './catalogue/brands';
import { categorySeeds } from './catalogue/categories';
import { brandId, categoryId, generateCatalogue, type TenantPricing } from './catalogue/generate';
import { productPicture } from './catalogue/pictures';

// Catalogue seed: brands, categories, products (shared by every shop) and one offering per shop.
// Catalogue text is the seed's to own (updated on every start); offerings are only inserted when
// missing, so stock and prices changed by the running shop survive a restart.
// Harbour Grocers prices in GBP, a little lower in figures than Fresh Market's EUR.
export const TENANT_PRICING: readonly TenantPricing[] = [
  { tenantId: 'fresh', factor: 1 },
  { tenantId: 'harbour', factor: 0.86 },
];

const BATCH = 200;

/** One multi-row insert per batch: a row-by-row seed takes far longer on PGlite. */
async function insertRows(
  tx: Queryable,
  head: string,
  rows: unknown[][],
  tail: string,
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      const marks = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await tx.query(`${head} values ${tuples.join(', ')} ${tail}`, params);
  }
}

export async function seed(db: Db): Promise<void> {
  const { products, offerings } = generateCatalogue(TENANT_PRICING);
  await db.transaction(async (tx) => {
    const present = new Set(
      (await tx.query<{ id: string }>('select id from tenants')).rows.map((r) => r.id),
    );
    await insertRows(
      tx,
      'insert into brands (id, slug, name, description)',
      brandSeeds.map((b) => [brandId(b), b.slug, b.name, b.description]),
      'on conflict (id) do update set slug = excluded.slug, name = excluded.name, description = excluded.description',
    );
    await insertRows(
      tx,
      'insert into categories (id, slug, name, description, position)',
      categorySeeds.map((c, position) => [categoryId(c), c.slug, c.name, c.description, position]),
      `on conflict (id) do update set slug = excluded.slug, name = excluded.name,
         description = excluded.description, position = excluded.position`,
    );
    await insertRows(
      tx,
      'insert into products (id, slug, name, description, brand_id, category_id, size_label, image_count, position, what, keywords, food, allergens, may_contain)',
      products.map((p) => [
        p.id,
        p.slug,
        p.name,
        p.description,
        p.brandId,
        p.categoryId,
        p.sizeLabel,
        p.imageCount,
        p.position,
        p.what,
        p.keywords,
        p.food === null ? null : JSON.stringify(p.food),
        p.food?.allergens ?? [],
        p.food?.mayContain ?? [],
      ]),
      `on conflict (id) do update set slug = excluded.slug, name = excluded.name, description = excluded.description,
         brand_id = excluded.brand_id, category_id = excluded.category_id, size_label = excluded.size_label,
         image_count = excluded.image_count, position = excluded.position, what = excluded.what,
         keywords = excluded.keywords, food = excluded.food, allergens = excluded.allergens,
         may_contain = excluded.may_contain`,
    );
    const brandName = new Map(brandSeeds.map((b) => [brandId(b), b.name]));
    const categorySlug = new Map(categorySeeds.map((c) => [categoryId(c), c.slug]));
    await insertRows(
      tx,
      'insert into product_images (product_id, n, svg)',
      products.flatMap((p) =>
        [1, 2, 3].slice(0, p.imageCount).map((n) => [
          p.id,
          n,
          productPicture(
            {
              ...p,
              brand: brandName.get(p.brandId)!,
              categorySlug: categorySlug.get(p.categoryId)!,
            },
            n,
          ),
        ]),
      ),
      'on conflict (product_id, n) do update set svg = excluded.svg',
    );
    await insertRows(
      tx,
      'insert into offerings (id, tenant_id, product_id, price_single_cents, price_case_cents, case_size, available, stock)',
      offerings
        .filter((o) => present.has(o.tenantId))
        .map((o) => [
          o.id,
          o.tenantId,
          o.productId,
          o.priceSingleCents,
          o.priceCaseCents,
          o.caseSize,
          o.available,
          o.stock,
        ]),
      'on conflict do nothing',
    );
    // Search weights (docs/decisions/0160): name and keywords A, brand and category B, description
    // D. English stems find "apples" for "apple"; the simple (unstemmed) words let a typed prefix
    // match. title_search (name and keywords) and head_search (what the product is) rank.
    await tx.query(`
      update products p set
        search = setweight(to_tsvector('english', p.name || ' ' || p.what || ' ' || p.keywords), 'A')
          || setweight(to_tsvector('simple', p.name || ' ' || p.what || ' ' || p.keywords), 'A')
          || setweight(to_tsvector('simple', b.name), 'B') || setweight(to_tsvector('english', c.name), 'B')
          || setweight(to_tsvector('english', p.description), 'D'),
        name_search = to_tsvector('english', p.name) || to_tsvector('simple', p.name || ' ' || b.name),
        title_search = to_tsvector('english', p.name || ' ' || p.what || ' ' || p.keywords)
          || to_tsvector('simple', p.name || ' ' || p.what || ' ' || p.keywords),
        head_search = to_tsvector('english', p.what) || to_tsvector('simple', p.what)
      from brands b, categories c where b.id = p.brand_id and c.id = p.category_id`);
    // The words a typo is corrected to: names, keywords, brands and categories, not descriptions.
    await tx.query('delete from search_words');
    await tx.query(`
      insert into search_words (word)
      select word from ts_stat($$select to_tsvector('simple', p.name || ' ' || p.what || ' ' || p.keywords
        || ' ' || b.name || ' ' || c.name) from products p join brands b on b.id = p.brand_id
        join categories c on c.id = p.category_id$$)
      where length(word) >= 3 and word ~ '^[a-z]+$'`);
  });
  // Fresh statistics: without them the planner guesses a handful of rows and walks every offering
  // through a nested loop (searches on a just-seeded PGlite were many times slower).
  await db.query('analyze brands, categories, products, offerings, search_words');
}
