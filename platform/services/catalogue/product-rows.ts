import {
  cataloguePaths,
  type ProductDetail,
  type ProductSummary,
} from '../../../shared/contracts/catalogue';
import { packOf, type FoodInformation } from '../../../shared/grocery';
import type { TenantRow } from '../../auth/principal';
import type { Queryable } from '../../db/db';

// How a product is read for a shop: joined with its brand, its category and that shop's offering.
// A product the shop does not offer is not in that shop's catalogue (inner join). $1 is the tenant.
export const PRODUCT_COLUMNS = `p.id, p.slug, p.name, p.description, p.size_label, p.image_count,
  b.slug as brand_slug, b.name as brand_name, c.slug as category_slug, c.name as category_name,
  o.id as offering_id, o.price_single_cents, o.price_case_cents, o.case_size, o.available`;
/** A product page's columns: the summary's and the food information. */
export const DETAIL_COLUMNS = `${PRODUCT_COLUMNS}, p.food`;

export const PRODUCT_FROM = `products p
  join brands b on b.id = p.brand_id
  join categories c on c.id = p.category_id
  join offerings o on o.product_id = p.id and o.tenant_id = $1`;

export type ProductRow = {
  id: string;
  slug: string;
  name: string;
  description: string;
  size_label: string;
  image_count: number;
  brand_slug: string;
  brand_name: string;
  category_slug: string;
  category_name: string;
  offering_id: string;
  price_single_cents: number;
  price_case_cents: number;
  case_size: number;
  available: boolean;
  /** Read for a product page only (DETAIL_COLUMNS). */
  food?: FoodInformation | null;
};

export function toSummary(row: ProductRow, tenant: TenantRow): ProductSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    sizeLabel: row.size_label,
    brand: { slug: row.brand_slug, name: row.brand_name },
    category: { slug: row.category_slug, name: row.category_name },
    image: cataloguePaths.image(row.id, 1),
    offering: {
      id: row.offering_id,
      priceSingleCents: row.price_single_cents,
      priceCaseCents: row.price_case_cents,
      caseSize: row.case_size,
      available: row.available,
      currency: tenant.currency,
    },
    pack: packOf(row.size_label),
  };
}

export function toDetail(row: ProductRow, tenant: TenantRow): ProductDetail {
  return {
    ...toSummary(row, tenant),
    description: row.description,
    images: Array.from({ length: row.image_count }, (_, n) => cataloguePaths.image(row.id, n + 1)),
    food: row.food ?? null,
  };
}

/** Summaries of the given product ids, in the order given (ids the shop does not offer left out). */
export async function summariesByIds(
  db: Queryable,
  tenant: TenantRow,
  ids: readonly string[],
): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ProductRow>(
    `select ${PRODUCT_COLUMNS} from ${PRODUCT_FROM} where p.id = any($2::text[])`,
    [tenant.id, ids],
  );
  const byId = new Map(rows.map((r) => [r.id, toSummary(r, tenant)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Query-string lists: `a,b,c`, trimmed, without blanks or repeats. */
export function splitList(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
