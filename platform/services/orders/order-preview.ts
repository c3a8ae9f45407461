import { cataloguePaths } from '../../../shared/contracts/catalogue';
import { ORDER_PREVIEW_LINES, type OrderPreviewLine } from '../../../shared/contracts/orders';
import type { Queryable } from '../../db/db';

// The first lines of each listed order with the product's first picture, in one query for the
// whole page of orders: the list says what was bought, not only how much.
type PreviewRow = {
  order_id: string;
  product_id: string | null;
  product_name: string;
  quantity: number;
  by_case: boolean;
  has_image: boolean;
};

export async function orderPreviews(
  q: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, OrderPreviewLine[]>> {
  const previews = new Map<string, OrderPreviewLine[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return previews;
  const { rows } = await q.query<PreviewRow>(
    `select l.order_id, l.product_id, l.product_name, l.quantity, l.by_case,
       exists (select 1 from product_images i where i.product_id = l.product_id and i.n = 1) as has_image
     from order_lines l where l.order_id = any($1::text[]) and l.position < $2
     order by l.order_id, l.position`,
    [orderIds, ORDER_PREVIEW_LINES],
  );
  for (const row of rows) {
    previews.get(row.order_id)?.push({
      productName: row.product_name,
      quantity: row.quantity,
      byCase: row.by_case,
      image: row.has_image && row.product_id ? cataloguePaths.image(row.product_id, 1) : null,
    });
  }
  return previews;
}
