import type { ProductSummary } from '../../shared/contracts/catalogue';
import type { OrderLine } from '../../shared/contracts/orders';
import type { TrackParams } from './track';

// GA4 items and event parameters from the shop's own data (ADR 0266): item_id is the offering
// (what the cart and orders hold), prices in the currency's units, no personal field.
const units = (cents: number) => Math.round(cents) / 100;

export const productItem = (product: ProductSummary, index?: number) => ({
  item_id: product.offering.id,
  item_name: product.name,
  item_brand: product.brand.name,
  item_category: product.category.name,
  price: units(product.offering.priceSingleCents),
  ...(index === undefined ? {} : { index }),
});

export const lineItem = (line: OrderLine) => ({
  item_id: line.offeringId,
  item_name: line.productName,
  price: units(line.unitPrice),
  quantity: line.quantity,
});

export function productView(product: ProductSummary): TrackParams {
  return {
    currency: product.offering.currency,
    value: units(product.offering.priceSingleCents),
    items: [{ ...productItem(product), quantity: 1 }],
  };
}

export function productList(products: readonly ProductSummary[], name: string): TrackParams {
  return {
    item_list_name: name.slice(0, 200),
    items: products.slice(0, 50).map((p, index) => productItem(p, index)),
  };
}

/** begin_checkout and purchase: the order's lines, its total and (purchase) its number. */
export function orderParams(
  order: { lines: readonly OrderLine[]; total: number; currency: string },
  transactionId?: string,
): TrackParams {
  return {
    currency: order.currency,
    value: units(order.total),
    items: order.lines.slice(0, 50).map(lineItem),
    ...(transactionId ? { transaction_id: transactionId } : {}),
  };
}
