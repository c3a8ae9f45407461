import { z } from 'zod';
import {
  SearchResult,
  SORTS,
  Suggestions,
  cataloguePaths,
} from '../../../shared/contracts/catalogue';
import { ALLERGENS, ALLERGEN_SLUGS } from '../../../shared/grocery';
import { requireTenant } from '../../auth/principal';
import type { Db } from '../../db/db';

import { orderBy, PagingQuery } from './paging';
import { summariesByIds } from './product-rows';
import { correctWords, RANK_SQL, searchWords, tsquerySql } from './search-query';
import { routeSchemas, type ServiceApp } from '../service';

// Full-text search with facets, and suggestions for the search box.
const route = routeSchemas('catalogue');
const Filter = z.string().min(1).max(100).optional();
const SearchQuery = PagingQuery.extend({
  q: z.string().max(200).default(''),
  brand: Filter,
  category: Filter,
  sort: z.enum(SORTS).default('relevance'),
  /** Foods free from every one of these allergens (comma-separated slugs), neither contained nor traces. */
  freeFrom: z
    .string()
    .max(200)
    .optional()
    .transform((value) => (value ? [...new Set(value.split(',').map((s) => s.trim()))] : []))
    .pipe(
      z.array(z.enum(ALLERGEN_SLUGS, { error: 'must be allergens of the 14 (gluten, milk, ...)' })),
    ),
});
const SuggestQuery = z.object({
  q: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

type Facet = { slug: string; name: string; count: number };
type SearchRow = {
  total: number;
  brands: Facet[];
  categories: Facet[];
  free_from: Facet[];
  ids: string[];
};

export function registerSearchRoutes(app: ServiceApp, db: Db): void {
  app.get(
    '/search',
    route('Full-text product search with brand and category facets', {
      querystring: SearchQuery,
      response: { 200: SearchResult },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      const query = request.query;
      const empty = {
        items: [],
        total: 0,
        page: query.page,
        pageSize: query.pageSize,
        facets: { brands: [], categories: [], freeFrom: [] },
      };
      const typed = searchWords(query.q);
      if (typed.length === 0) return empty;
      const words = await correctWords(db, typed);
      const tsquery = tsquerySql(words, 9);
      // One round trip: the matches, each facet counted without its own filter, and the page's ids.
      // What a product is outranks its name, which outranks its description (RANK_SQL). "Free
      // from" keeps foods that neither contain nor may contain any chosen allergen; its facet
      // counts, per allergen, the results that would remain with it chosen too.
      const { rows } = await db.query<SearchRow>(
        `with hits as (
         select p.id, p.name, o.price_single_cents, b.slug as brand_slug, b.name as brand_name,
                c.slug as category_slug, c.name as category_name, c.position as category_position,
                p.food is not null as is_food, p.allergens || p.may_contain as risks,
                ${RANK_SQL} as rank
           from (select ${tsquery.match} as q, ${tsquery.exact} as qe, ${tsquery.any} as qa) query,
                products p
           join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
           join offerings o on o.product_id = p.id and o.tenant_id = $1
          where p.search @@ q),
       narrowed as (select * from hits where cardinality($6::text[]) = 0 or (is_food and not risks && $6::text[])),
       filtered as (select * from narrowed where ($2::text is null or brand_slug = $2) and ($3::text is null or category_slug = $3))
       select
         (select count(*)::int from filtered) as total,
         (select coalesce(json_agg(f order by f.count desc, f.name), '[]') from (
            select brand_slug as slug, brand_name as name, count(*)::int as count from narrowed
             where $3::text is null or category_slug = $3 group by 1, 2) f) as brands,
         (select coalesce(json_agg(f order by f.count desc, f.name), '[]') from (
            select category_slug as slug, category_name as name, count(*)::int as count from narrowed
             where $2::text is null or brand_slug = $2 group by 1, 2) f) as categories,
         (select json_agg(json_build_object('slug', a.slug, 'name', a.name, 'count',
                   (select count(*)::int from filtered h where h.is_food and not h.risks && array[a.slug]))
                 order by a.n)
            from unnest($7::text[], $8::text[]) with ordinality as a(slug, name, n)) as free_from,
         (select coalesce(array_agg(id order by ${orderBy(query.sort, true)}), '{}') from (
            select id, name, rank, price_single_cents from filtered
             order by ${orderBy(query.sort, true)} limit $4 offset $5) page) as ids`,
        [
          tenant.id,
          query.brand ?? null,
          query.category ?? null,
          query.pageSize,
          (query.page - 1) * query.pageSize,
          query.freeFrom,
          ALLERGENS.map((a) => a.slug),
          ALLERGENS.map((a) => a.name),
          ...tsquery.params,
        ],
      );
      const row = rows[0]!;
      const corrected =
        words.join(' ') === typed.join(' ') ? {} : { correctedQuery: words.join(' ') };
      return {
        ...corrected,
        items: await summariesByIds(db, tenant, row.ids),
        total: row.total,
        page: query.page,
        pageSize: query.pageSize,
        facets: { brands: row.brands, categories: row.categories, freeFrom: row.free_from },
      };
    },
  );

  app.get(
    '/suggest',
    route('Suggestions for the search box as the shopper types (name prefixes)', {
      querystring: SuggestQuery,
      response: { 200: Suggestions },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      const { q, limit } = request.query;
      const words = searchWords(q);
      if (words.length === 0) return { suggestions: [], categories: [] };
      const tsquery = tsquerySql(words, 3);
      // Suggestions follow the letters typed: no typo correction while the shopper is typing.
      const products = await db.query<{ id: string; slug: string; name: string; brand: string }>(
        `select p.id, p.slug, p.name, b.name as brand
         from (select ${tsquery.match} as q) query, products p
         join brands b on b.id = p.brand_id
         join offerings o on o.product_id = p.id and o.tenant_id = $1
        where p.name_search @@ q
        order by ts_rank(p.name_search, q) desc, length(p.name), p.name, p.id limit $2`,
        [tenant.id, limit, ...tsquery.params],
      );
      // Twelve categories: a prefix match on any word of the name is cheap without an index.
      const categories = await db.query<{ slug: string; name: string }>(
        `select slug, name from categories where name ilike $1 || '%' or name ilike '% ' || $1 || '%' order by position limit 4`,
        [words.join(' ')],
      );
      return {
        suggestions: products.rows.map((r) => ({
          slug: r.slug,
          name: r.name,
          brand: r.brand,
          image: cataloguePaths.image(r.id, 1),
        })),
        categories: categories.rows,
      };
    },
  );
}
