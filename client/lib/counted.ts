// How the shop counts what a cart, a list, a smart cart or an order holds, in the cart badge's
// words on every screen: a line is a product, its quantity is items (a line of 3 is 3 items, a
// case counts as one). "2 products (7 items)", never "2 items" for two lines of 7.
const counted = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Lines: "1 product", "3 products". */
export const productCount = (lines: number) => counted(lines, 'product');

/** Units: "1 item", "7 items". */
export const itemCount = (units: number) => counted(units, 'item');

/**
 * Lines and their units: "2 products (7 items)"; "3 items" when each line is one; "2 products"
 * when the units are not known.
 */
export function contentCount(lines: number, units: number | null): string {
  if (units === null) return productCount(lines);
  return units === lines ? itemCount(units) : `${productCount(lines)} (${itemCount(units)})`;
}

/** The units of some lines (an order's, a cart's): their quantities added up. */
export const unitsOf = (lines: readonly { quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);
