import { z } from 'zod';
import { Brand, BrandPage, Category, CategoryPage } from '../../../shared/contracts/catalogue';
import { requireTenant, type TenantRow } from '../../auth/principal';
import type { Db } from '../../db/db';
import { notFound } from '../../http/errors';
import { ListingQuery, orderBy } from './paging';
import { PRODUCT_COLUMNS, PRODUCT_FROM, toSummary, type ProductRow } from './product-rows';
import { routeSchemas, type ServiceApp } from '../service';

// Brands and categories, each with the number of products the shop offers, and a page of their
// products for the brand and category screens.
const route = routeSchemas('catalogue');
const Slug = z.string().min(1).max(100);

/** A taxonomy: its table, the product column that points into it, its order, and its routes. */
type Kind = {
  table: 'brands' | 'categories';
  column: 'brand_id' | 'category_id';
  order: string;
  noun: 'brand' | 'category';
  /** The summary of the route listing every taxon. */
  every: string;
  taxon: z.ZodTypeAny;
  /** The page route's parameter (`/brands/:brandSlug`, `/categories/:slug`) and its answer. */
  param: string;
  page: z.ZodTypeAny;
};
const BRANDS: Kind = {
  table: 'brands',
  column: 'brand_id',
  order: 't.name',
  noun: 'brand',
  every: 'Every brand, by name',
  taxon: Brand,
  param: 'brandSlug',
  page: BrandPage,
};
const CATEGORIES: Kind = {
  table: 'categories',
  column: 'category_id',
  order: 't.position, t.name',
  noun: 'category',
  every: 'Every category, in shop order',
  taxon: Category,
  param: 'slug',
  page: CategoryPage,
};
type TaxonRow = {
  id: string;
  slug: string;
  name: string;
  description: string;
  product_count: number;
};

async function taxa(db: Db, kind: Kind, tenant: TenantRow, slug?: string): Promise<TaxonRow[]> {
  const { rows } = await db.query<TaxonRow>(
    `select t.id, t.slug, t.name, t.description,
            (select count(*)::int from products p join offerings o on o.product_id = p.id and o.tenant_id = $1
              where p.${kind.column} = t.id) as product_count
       from ${kind.table} t where ($2::text is null or t.slug = $2) order by ${kind.order}`,
    [tenant.id, slug ?? null],
  );
  return rows;
}

const toTaxon = (row: TaxonRow) => ({
  slug: row.slug,
  name: row.name,
  description: row.description,
  productCount: row.product_count,
});

async function listing(
  db: Db,
  kind: Kind,
  tenant: TenantRow,
  slug: string,
  query: z.output<typeof ListingQuery>,
) {
  const taxon = (await taxa(db, kind, tenant, slug))[0];
  if (!taxon) throw notFound(`No ${kind.noun} ${slug}`);
  const { rows } = await db.query<ProductRow>(
    `select ${PRODUCT_COLUMNS} from ${PRODUCT_FROM} where p.${kind.column} = $2
      order by ${orderBy(query.sort)} limit $3 offset $4`,
    [tenant.id, taxon.id, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return {
    taxon: toTaxon(taxon),
    items: rows.map((r) => toSummary(r, tenant)),
    total: taxon.product_count,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export function registerTaxonomyRoutes(app: ServiceApp, db: Db): void {
  for (const kind of [BRANDS, CATEGORIES]) {
    app.get(
      `/${kind.table}`,
      route(kind.every, { response: { 200: z.object({ items: z.array(kind.taxon) }) } }),
      async (request) => ({ items: (await taxa(db, kind, requireTenant(request))).map(toTaxon) }),
    );

    app.get(
      `/${kind.table}/:${kind.param}`,
      route(`A ${kind.noun} and a page of its products`, {
        params: z.object({ [kind.param]: Slug }),
        querystring: ListingQuery,
        response: { 200: kind.page },
      }),
      async (request) => {
        const slug = (request.params as Record<string, string>)[kind.param]!;
        const { taxon, ...page } = await listing(
          db,
          kind,
          requireTenant(request),
          slug,
          request.query,
        );
        return { [kind.noun]: taxon, ...page };
      },
    );
  }
}
