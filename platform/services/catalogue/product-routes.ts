import { z } from 'zod';
import {
  IDS_PER_CALL,
  SLUG_LIMIT,
  OfferingSummaries,
  ProductDetail,
  ProductList,
} from '../../../shared/contracts/catalogue';
import { requireTenant } from '../../auth/principal';
import type { Db } from '../../db/db';
import { badRequest, notFound } from '../../http/errors';
import {
  DETAIL_COLUMNS,
  PRODUCT_COLUMNS,
  PRODUCT_FROM,
  splitList,
  summariesByIds,
  toDetail,
  toSummary,
  type ProductRow,
} from './product-rows';
import { routeSchemas, type ServiceApp } from '../service';

// Products one at a time (by slug, for the product page), in batches (by slugs or ids, for lists
// and the cart widget), featured for the home page, and related to another product.
const route = routeSchemas('catalogue');
const BySlugQuery = z.object({ slug: z.string().min(1).max(SLUG_LIMIT) });
const BatchQuery = z.object({
  slugs: z.string().max(10_000).optional(),
  ids: z.string().max(10_000).optional(),
});
const LimitQuery = z.object({ limit: z.coerce.number().int().min(1).max(60).default(12) });
const ProductParams = z.object({ id: z.string().min(1).max(100) });
const OfferingsQuery = z.object({ ids: z.string().min(1).max(10_000) });

function batch(value: string, what: string): string[] {
  const values = splitList(value);
  if (values.length > IDS_PER_CALL)
    throw badRequest(`Invalid query: ${what}: at most ${IDS_PER_CALL} values`);
  return values;
}

export function registerProductRoutes(app: ServiceApp, db: Db): void {
  app.get(
    '/products/by-slug',
    route('A product by its slug (several path segments)', {
      errors: [404],
      querystring: BySlugQuery,
      response: { 200: ProductDetail },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      const { slug } = request.query;
      const { rows } = await db.query<ProductRow>(
        `select ${DETAIL_COLUMNS} from ${PRODUCT_FROM} where p.slug = $2`,
        [tenant.id, slug],
      );
      if (!rows[0]) throw notFound(`No product ${slug}`);
      return toDetail(rows[0], tenant);
    },
  );

  app.get(
    '/products',
    route('Product summaries by slugs or by ids (comma-separated, in that order)', {
      querystring: BatchQuery,
      response: { 200: ProductList },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      const query = request.query;
      if ((query.slugs === undefined) === (query.ids === undefined))
        throw badRequest('Invalid query: give either slugs or ids');
      if (query.ids !== undefined)
        return { items: await summariesByIds(db, tenant, batch(query.ids, 'ids')) };
      const slugs = batch(query.slugs!, 'slugs');
      const { rows } = await db.query<ProductRow>(
        `select ${PRODUCT_COLUMNS} from ${PRODUCT_FROM} where p.slug = any($2::text[])`,
        [tenant.id, slugs],
      );
      const bySlug = new Map(rows.map((r) => [r.slug, toSummary(r, tenant)]));
      return { items: slugs.flatMap((s) => bySlug.get(s) ?? []) };
    },
  );

  app.get(
    '/products/featured',
    route('Featured products for the home page (fixed per shop, spread over the categories)', {
      querystring: LimitQuery,
      response: { 200: ProductList },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      const { limit } = request.query;
      // A fixed pseudo-random order per shop: the same home page on every load, different per shop.
      const { rows } = await db.query<ProductRow>(
        `select * from (
         select ${PRODUCT_COLUMNS}, c.position as category_position,
                row_number() over (partition by p.category_id order by md5(p.id || $1)) as rank_in_category
           from ${PRODUCT_FROM} where o.available) featured
        order by rank_in_category, category_position limit $2`,
        [tenant.id, limit],
      );
      return { items: rows.map((r) => toSummary(r, tenant)) };
    },
  );

  app.get(
    '/products/:id/related',
    route('Products of the same category and brand (the product by id or slug)', {
      params: ProductParams,
      querystring: LimitQuery,
      response: { 200: ProductList },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      const { id } = request.params;
      const { limit } = request.query;
      // By id or by slug: a product page asks with the slug it has, in parallel with the product.
      const product = (
        await db.query<{ id: string; brand_id: string; category_id: string }>(
          'select id, brand_id, category_id from products where id = $1 or slug = $1',
          [id],
        )
      ).rows[0];
      if (!product) throw notFound(`No product ${id}`);
      // Same brand and category first, then the category, then the brand; available before not.
      const { rows } = await db.query<ProductRow>(
        `select ${PRODUCT_COLUMNS} from ${PRODUCT_FROM}
        where p.id <> $2 and (p.category_id = $3 or p.brand_id = $4)
        order by (p.category_id = $3 and p.brand_id = $4) desc, (p.category_id = $3) desc, o.available desc, md5(p.id || $2)
        limit $5`,
        [tenant.id, product.id, product.category_id, product.brand_id, limit],
      );
      return { items: rows.map((r) => toSummary(r, tenant)) };
    },
  );

  app.get(
    '/offerings',
    route(
      "The products of offerings, keyed by offering id (the cart widget's names, images and prices)",
      {
        querystring: OfferingsQuery,
        response: { 200: OfferingSummaries },
      },
    ),
    async (request) => {
      const tenant = requireTenant(request);
      const ids = batch(request.query.ids, 'ids');
      const { rows } = await db.query<ProductRow>(
        `select ${PRODUCT_COLUMNS} from ${PRODUCT_FROM} where o.id = any($2::text[])`,
        [tenant.id, ids],
      );
      return {
        offerings: Object.fromEntries(rows.map((r) => [r.offering_id, toSummary(r, tenant)])),
      };
    },
  );
}
