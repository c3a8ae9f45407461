import { cataloguePaths } from '../../../shared/contracts/catalogue';
import { ORDER_PREVIEW_LINES, type OrderPreviewLine } from '../../../shared/contracts/orders';

// The first lines of each listed order with the product's first picture: the list says what was
// bought, not only how much. A column of the order list's own statement (one per order row, as
// json), so a page of orders is one call into the database, not two one after the other (issue
// #30: the platform answers a page's calls one at a time).
export type PreviewRow = {
  product_id: string | null;
  product_name: string;
  quantity: number;
  by_case: boolean;
  has_image: boolean;
};

/** The `preview` column for the order `o` of the enclosing query. */
export const PREVIEW_COLUMN = `coalesce((
    select json_agg(json_build_object(
      'product_id', l.product_id, 'product_name', l.product_name, 'quantity', l.quantity,
      'by_case', l.by_case,
      'has_image', exists (select 1 from product_images i where i.product_id = l.product_id and i.n = 1)
    ) order by l.position)
    from order_lines l where l.order_id = o.id and l.position < ${ORDER_PREVIEW_LINES}
  ), '[]') as preview`;

export function previewLines(rows: readonly PreviewRow[]): OrderPreviewLine[] {
  return rows.map((row) => ({
    productName: row.product_name,
    quantity: row.quantity,
    byCase: row.by_case,
    image: row.has_image && row.product_id ? cataloguePaths.image(row.product_id, 1) : null,
  }));
}
