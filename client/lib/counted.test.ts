import { describe, expect, it } from 'vitest';
import { countsIn, unitsOf } from './counted';

// One vocabulary for every screen's counts: lines are products, quantities are items.
describe('counts', () => {
  const { content, products, items } = countsIn('en-IE');

  it('says products and items, one of each or several', () => {
    expect(content(2, 7)).toBe('2 products (7 items)');
    expect(content(1, 3)).toBe('1 product (3 items)');
    expect(content(3, 3)).toBe('3 items');
    expect(content(1, 1)).toBe('1 item');
    expect(content(2, null)).toBe('2 products');
    expect(products(1)).toBe('1 product');
  });

  it("groups thousands as the shop's locale does", () => {
    expect(items(10006)).toBe('10,006 items');
    expect(content(2, 10006)).toBe('2 products (10,006 items)');
    expect(countsIn('en-GB').products(1234)).toBe('1,234 products');
    expect(countsIn('en-GB').number(9999)).toBe('9,999');
    // The shop's locale, not a fixed one: India's English groups by lakh.
    expect(countsIn('en-IN').number(123456)).toBe('1,23,456');
    expect(countsIn().number(10006)).toBe('10,006');
  });

  // Each locale keeps its own texts (ADR 0397): a count formatted in one shop is never read back
  // in another's words, and a text is the same the second time as the first.
  it("keeps each count's text in its own locale", () => {
    const german = countsIn('de-DE');
    const indian = countsIn('en-IN');
    for (let round = 0; round < 2; round += 1) {
      expect(german.number(123456)).toBe('123.456');
      expect(indian.number(123456)).toBe('1,23,456');
      expect(countsIn('en-IE').number(123456)).toBe('123,456');
      expect(german.items(10006)).toBe('10.006 items');
    }
  });

  it('stays right past the number of texts it keeps', () => {
    const { number } = countsIn('fr-CH');
    const seen = Array.from({ length: 3000 }, (_, n) => number(n * 1001));
    expect(seen[2999]).toBe(new Intl.NumberFormat('fr-CH').format(2999 * 1001));
    expect(number(2999 * 1001)).toBe(seen[2999]);
    expect(number(0)).toBe('0');
  });

  it('adds up the units of some lines', () => {
    expect(unitsOf([{ quantity: 3 }, { quantity: 4 }])).toBe(7);
    expect(unitsOf([])).toBe(0);
  });
});
