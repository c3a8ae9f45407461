import { useShopTenant } from './money';

// How the shop counts what a cart, a list, a smart cart or an order holds, in the cart badge's
// words on every screen: a line is a product, its quantity is items (a line of 3 is 3 items, a
// case counts as one). "2 products (7 items)", never "2 items" for two lines of 7.
// Every count a shopper reads is written as the shop's locale groups it, as its prices are
// (client/lib/money.ts): "10,006 items" in en-IE and en-GB, never "10006" beside a "9,999".
// Identifiers that happen to be numbers (an order's number, a page's) are not counts.
export type Counts = {
  /** A bare count: 10006 → "10,006". */
  number: (n: number) => string;
  /** Lines: "1 product", "3 products". */
  products: (lines: number) => string;
  /** Units: "1 item", "7 items". */
  items: (units: number) => string;
  /**
   * Lines and their units: "2 products (7 items)"; "3 items" when each line is one; "2 products"
   * when the units are not known.
   */
  content: (lines: number, units: number | null) => string;
};

// One per locale: Intl.NumberFormat is costly to build, and a page counts many things.
const byLocale = new Map<string, Counts>();
const MAX_TEXTS = 1024;

/** The counts of a locale (the shop's: `useCounts`; en-GB when the platform names none). */
export function countsIn(locale = 'en-GB'): Counts {
  let counts = byLocale.get(locale);
  if (counts) return counts;
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  // Each count's text is kept, as money keeps its amounts' (ADR 0397): the header's cart count
  // and a page's counts are formatted on every render, and Intl's format is slow next to a lookup.
  const texts = new Map<number, string>();
  const number = (n: number) => {
    let text = texts.get(n);
    if (text === undefined) {
      if (texts.size >= MAX_TEXTS) texts.clear();
      text = format.format(n);
      texts.set(n, text);
    }
    return text;
  };
  const counted = (n: number, one: string) => `${number(n)} ${one}${n === 1 ? '' : 's'}`;
  const products = (lines: number) => counted(lines, 'product');
  const items = (units: number) => counted(units, 'item');
  counts = {
    number,
    products,
    items,
    content: (lines, units) =>
      units === null
        ? products(lines)
        : units === lines
          ? items(units)
          : `${products(lines)} (${items(units)})`,
  };
  byLocale.set(locale, counts);
  return counts;
}

/** In components: the counts of the current shop's locale. */
export const useCounts = (): Counts => countsIn(useShopTenant()?.locale);

/** The units of some lines (an order's, a cart's): their quantities added up. */
export const unitsOf = (lines: readonly { quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);
