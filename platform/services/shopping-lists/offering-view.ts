import type { OfferingView } from '../../../shared/contracts/lists';
import { packOf } from '../../../shared/grocery';
import type { Queryable } from '../../db/db';
import { badRequest } from '../../http/errors';

// The catalogue's side of a list or smart cart item (name, brand, prices, pack), read in one query
// for all items, so the print view and the smart cart page need no second call. The pack is read
// from the size label as a product's is (catalogue/product-rows.ts, ADR 0214).
export type ViewRow = {
  id: string;
  product_id: string;
  slug: string;
  name: string;
  brand: string;
  size_label: string;
  price_single_cents: number;
  price_case_cents: number;
  case_size: number;
  available: boolean;
};

export async function offeringViews(
  q: Queryable,
  tenantId: string,
  offeringIds: readonly string[],
): Promise<Map<string, OfferingView>> {
  if (offeringIds.length === 0) return new Map();
  const { rows } = await q.query<ViewRow>(
    `select o.id, p.id as product_id, p.slug, p.name, b.name as brand, p.size_label,
       o.price_single_cents, o.price_case_cents, o.case_size, o.available
     from offerings o join products p on p.id = o.product_id join brands b on b.id = p.brand_id
     where o.tenant_id = $1 and o.id = any($2::text[])`,
    [tenantId, [...new Set(offeringIds)]],
  );
  return new Map(rows.map((r) => [r.id, offeringView(r)]));
}

export function offeringView(r: Omit<ViewRow, 'id'>): OfferingView {
  return {
    productId: r.product_id,
    slug: r.slug,
    name: r.name,
    brand: r.brand,
    sizeLabel: r.size_label,
    priceSingle: r.price_single_cents,
    priceCase: r.price_case_cents,
    caseSize: r.case_size,
    available: r.available,
    pack: packOf(r.size_label),
  };
}

/** A list or smart cart may hold any offering of the shop (even one out of stock today), but not an unknown one. */
export async function requireOfferings(
  q: Queryable,
  tenantId: string,
  offeringIds: readonly string[],
): Promise<void> {
  const known = await offeringViews(q, tenantId, offeringIds);
  const unknown = [...new Set(offeringIds.filter((id) => !known.has(id)))];
  if (unknown.length) throw badRequest(`Unknown offering ${unknown.join(', ')}`);
}
