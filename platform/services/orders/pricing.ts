import {
  ITEMS_UNAVAILABLE,
  ORDER_TOO_LARGE,
  type OrderLine,
} from '../../../shared/contracts/orders';
import type { Queryable } from '../../db/db';
import { badRequest, HttpError } from '../../http/errors';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../shared/line-limits';

// The one place where order lines get their prices: from the shop's offerings, never from the
// client. Used by the cart quote, placing an order, editing one and ordering a smart cart.
export type ItemToPrice = { offeringId: string; quantity: number; byCase: boolean };
export type PricedLine = OrderLine;

type OfferingRow = {
  id: string;
  product_id: string;
  name: string;
  price_single_cents: number;
  price_case_cents: number;
  available: boolean;
};

const key = (item: { offeringId: string; byCase: boolean }) =>
  `${item.offeringId}\u0000${item.byCase}`;

/** Items of the same offering and unit are added up, keeping the order they first appear in. */
export function mergeItems(items: readonly ItemToPrice[]): ItemToPrice[] {
  const merged = new Map<string, ItemToPrice>();
  for (const item of items) {
    const existing = merged.get(key(item));
    if (existing) existing.quantity += item.quantity;
    else merged.set(key(item), { ...item });
  }
  return [...merged.values()];
}

/**
 * The largest order, in cents: 10,000,000.00 of the shop's currency, far above any real basket and
 * within the orders' int columns (ADR 0061). Checked when pricing, so a quote never shows a total
 * that placing the order would refuse.
 */
export const MAX_ORDER_SUBTOTAL_CENTS = 1_000_000_000;
/** An amount of cents as a platform message says it: 12,345.00. */
export const amount = (cents: number) =>
  (cents / 100).toLocaleString('en', { minimumFractionDigits: 2 });

const tooLarge = (message: string) => new HttpError(400, ORDER_TOO_LARGE, message);
/** Items that cannot be bought today: the checkout names them in its page (ADR 0314). */
const unavailableItems = (message: string) => new HttpError(400, ITEMS_UNAVAILABLE, message);

/**
 * Prices items at the shop's current prices. `kept` are lines already on an order being edited:
 * they keep the price the shopper agreed to, even if the offering has since changed or gone; but a
 * kept line raised above its ordered quantity buys more, so its offering must still be on sale
 * (as raising a cart line, ADR 0051). Unknown or unavailable offerings are a 400
 * `items_unavailable` naming every one of them (with any other problem of the lines); a line beyond
 * MAX_LINE_QUANTITY once added up, alone, a plain 400 naming it. An order too large, by its
 * total or by more lines than a cart holds (a cart merged at sign-in may, ADR 0314), is a 400
 * `order_too_large`, which the checkout shows in its page.
 */
export async function priceItems(
  q: Queryable,
  tenantId: string,
  items: readonly ItemToPrice[],
  kept: readonly PricedLine[] = [],
): Promise<PricedLine[]> {
  const merged = mergeItems(items);
  // Before any lookup: a cart merged at sign-in may hold more lines than an order (ADR 0314).
  if (merged.length > MAX_CART_LINES) {
    throw tooLarge(
      `This order is too large: it has ${merged.length} lines, at most ${MAX_CART_LINES} are allowed`,
    );
  }
  const keptByKey = new Map(kept.map((line) => [key(line), line]));
  // New lines, and kept lines raised above what was ordered, need their offering on sale.
  const toLookUp = merged
    .filter((item) => item.quantity > (keptByKey.get(key(item))?.quantity ?? 0))
    .map((item) => item.offeringId);
  const { rows } = await q.query<OfferingRow>(
    `select o.id, o.product_id, p.name, o.price_single_cents, o.price_case_cents, o.available
     from offerings o join products p on p.id = o.product_id
     where o.tenant_id = $1 and o.id = any($2::text[])`,
    [tenantId, toLookUp],
  );
  const offerings = new Map(rows.map((row) => [row.id, row]));
  const unknown = [...new Set(toLookUp.filter((id) => !offerings.has(id)))];
  const unavailable = [...new Set(toLookUp.filter((id) => offerings.get(id)?.available === false))];
  const problems = [
    ...(unknown.length ? [`unknown offering ${unknown.join(', ')}`] : []),
    ...unavailable.map((id) => `${offerings.get(id)!.name} (${id}) is not available`),
  ];
  // Items of one offering and unit add up (an order edit may name one twice): the sum is one line,
  // which must fit the line limit every cart, order and list shares (shared/line-limits.ts).
  const nameOf = (item: ItemToPrice) =>
    offerings.get(item.offeringId)?.name ??
    keptByKey.get(key(item))?.productName ??
    item.offeringId;
  problems.push(
    ...merged
      .filter((item) => item.quantity > MAX_LINE_QUANTITY)
      .map(
        (item) =>
          `at most ${MAX_LINE_QUANTITY} of ${nameOf(item)} (${item.offeringId}) in one line, not ${item.quantity}`,
      ),
  );
  if (problems.length) {
    const message = `Cannot order: ${problems.join('; ')}`;
    // What is no longer on sale is the shopper's to remove; an overlong line only an edit sends.
    throw unknown.length || unavailable.length ? unavailableItems(message) : badRequest(message);
  }

  const lines = merged.map((item): PricedLine => {
    const agreed = keptByKey.get(key(item));
    const offering = offerings.get(item.offeringId);
    const unitPrice = agreed
      ? agreed.unitPrice
      : item.byCase
        ? offering!.price_case_cents
        : offering!.price_single_cents;
    return {
      offeringId: item.offeringId,
      productId: agreed ? agreed.productId : offering!.product_id,
      productName: agreed ? agreed.productName : offering!.name,
      quantity: item.quantity,
      byCase: item.byCase,
      unitPrice,
      lineTotal: unitPrice * item.quantity,
    };
  });
  const subtotal = subtotalOf(lines);
  if (subtotal > MAX_ORDER_SUBTOTAL_CENTS) {
    throw tooLarge(
      `This order is too large: its items total ${amount(subtotal)}, at most ${amount(MAX_ORDER_SUBTOTAL_CENTS)} is allowed`,
    );
  }
  return lines;
}

export function subtotalOf(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.lineTotal, 0);
}
