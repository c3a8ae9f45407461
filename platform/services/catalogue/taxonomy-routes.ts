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
const BrandParams = z.object({ brandSlug: Slug });
const CategoryParams = z.object({ slug: Slug });
type Kind = { table: 'brands' | 'categories'; column: 'brand_id' | 'category_id'; order: string };
const BRANDS: Kind = { table: 'brands', column: 'brand_id', order: 't.name' };
const CATEGORIES: Kind = {
  table: 'categories',
  column: 'category_id',
  order: 't.position, t.name',
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
  if (!taxon) throw notFound(`No ${kind.table === 'brands' ? 'brand' : 'category'} ${slug}`);
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
  app.get(
    '/brands',
    route('Every brand, by name', {
      response: { 200: z.object({ items: z.array(Brand) }) },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      return { items: (await taxa(db, BRANDS, tenant)).map(toTaxon) };
    },
  );

  app.get(
    '/brands/:brandSlug',
    route('A brand and a page of its products', {
      params: BrandParams,
      querystring: ListingQuery,
      response: { 200: BrandPage },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      const { brandSlug } = request.params;
      const { taxon, ...page } = await listing(db, BRANDS, tenant, brandSlug, request.query);
      return { brand: taxon, ...page };
    },
  );

  app.get(
    '/categories',
    route('Every category, in shop order', {
      response: { 200: z.object({ items: z.array(Category) }) },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      return { items: (await taxa(db, CATEGORIES, tenant)).map(toTaxon) };
    },
  );

  app.get(
    '/categories/:slug',
    route('A category and a page of its products', {
      params: CategoryParams,
      querystring: ListingQuery,
      response: { 200: CategoryPage },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      const { slug } = request.params;
      const { taxon, ...page } = await listing(db, CATEGORIES, tenant, slug, request.query);
      return { category: taxon, ...page };
    },
  );
}
