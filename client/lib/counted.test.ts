import { describe, expect, it } from 'vitest';
import { contentCount, productCount, unitsOf } from './counted';

// One vocabulary for every screen's counts: lines are products, quantities are items.
describe('contentCount', () => {
  it('says products and items, one of each or several', () => {
    expect(contentCount(2, 7)).toBe('2 products (7 items)');
    expect(contentCount(1, 3)).toBe('1 product (3 items)');
    expect(contentCount(3, 3)).toBe('3 items');
    expect(contentCount(1, 1)).toBe('1 item');
    expect(contentCount(2, null)).toBe('2 products');
    expect(productCount(1)).toBe('1 product');
  });

  it('adds up the units of some lines', () => {
    expect(unitsOf([{ quantity: 3 }, { quantity: 4 }])).toBe(7);
    expect(unitsOf([])).toBe(0);
  });
});
