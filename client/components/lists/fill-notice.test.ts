import { describe, expect, it } from 'vitest';
import { countsIn } from '../../lib/counted';
import { fillQuery } from './fill-cart.server';
import { addedText } from './fill-notice';

// What a fill says it added, counted as the cart's badge counts (docs/decisions/0260): its items
// are units, so a list of two lines, of 3 and 4, adds 7 items, not 2.
describe('what a fill says it added', () => {
  // In Fresh Market's locale.
  const said = (filled: { added: number; units: number | null }) =>
    addedText(filled, countsIn('en-IE'));

  it('says the products and the items when a line held more than one', () => {
    expect(said({ added: 2, units: 7 })).toBe('2 products (7 items) added to your cart.');
    expect(said({ added: 1, units: 2 })).toBe('1 product (2 items) added to your cart.');
  });

  it('says the items alone when each product went in once', () => {
    expect(said({ added: 1, units: 1 })).toBe('1 item added to your cart.');
    expect(said({ added: 3, units: 3 })).toBe('3 items added to your cart.');
  });

  it('says the products alone when the platform did not count the items, and says nothing went in', () => {
    expect(said({ added: 2, units: null })).toBe('2 products added to your cart.');
    expect(said({ added: 0, units: 0 })).toBe('Nothing was added to your cart.');
  });

  it('carries the units in the report of a fill without JavaScript', () => {
    const booking = { uid: 'c', items: [], notes: [], lastUpdate: null };
    const query = fillQuery({ booking, added: 2, units: 7, notAdded: [] });
    expect(query.get('filled')).toBe('2');
    expect(query.get('units')).toBe('7');
  });
});
