import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { addToListHref } from './add-to-list';
import { addingOf } from './adding';
import { fillQuery } from './fill-cart.server';
import { FillMessage, type Filled } from './fill-notice';

/** What a fill says, in a page (its counts are the shop's: the root's data, none here). */
function message(filled: Filled): string {
  const Stub = createRoutesStub([
    { path: '/', Component: () => createElement(FillMessage, { filled }) },
  ]);
  return renderToStaticMarkup(createElement(Stub));
}

// "Add to list" links and what the lists screen reads back from them; the fill report's query
// (offerings, not names: ADR 0320).
describe('Add to list links', () => {
  it('carries the offering, quantity, unit and way back, and reads them back', () => {
    const link = addToListHref({
      offeringId: 'off-1',
      productName: 'Milk & honey',
      quantity: 3,
      byCase: true,
      returnTo: '/search/milk?page=2',
    });
    const adding = addingOf(new URL(link, 'http://shop.test').searchParams);
    expect(adding).toEqual({
      offeringId: 'off-1',
      quantity: 3,
      byCase: true,
      back: '/search/milk?page=2',
    });
  });

  it('names no product: the lists screen takes the name and case size from the catalogue', () => {
    const link = addToListHref({ offeringId: 'off-1', productName: 'Milk & honey' });
    expect(link).toBe('/shopping-lists?add=off-1');
    // A link written by someone else brings its own name and case size: neither is read.
    const crafted = new URLSearchParams({ add: 'off-1', name: 'Call 0800', caseSize: '999' });
    expect(Object.keys(addingOf(crafted)!).sort()).toEqual([
      'back',
      'byCase',
      'offeringId',
      'quantity',
    ]);
  });

  it('falls back to one single and refuses a way back off the shop', () => {
    const adding = addingOf(
      new URLSearchParams({ add: 'off-1', quantity: '0', unit: 'box', back: '//evil.test/x' }),
    );
    expect(adding).toMatchObject({ quantity: 1, byCase: false, back: null });
    // Read as a typed quantity (ADR 0339): hexadecimal and exponents are no quantity.
    for (const quantity of ['0x10', '1e3', '', '10000'])
      expect(addingOf(new URLSearchParams({ add: 'off-1', quantity }))?.quantity, quantity).toBe(1);
    expect(addingOf(new URLSearchParams({ add: 'off-1', quantity: ' 12 ' }))?.quantity).toBe(12);
    expect(addingOf(new URLSearchParams({ add: 'x'.repeat(101) }))).toBeNull();
    expect(addingOf(new URLSearchParams())).toBeNull();
  });
});

describe('fill report', () => {
  it('names at most 20 items not added by their offering, an item gone from the catalogue too', () => {
    const notAdded = Array.from({ length: 25 }, (_, i) => ({
      offeringId: `off-${i}`,
      name: i === 0 ? null : `Item ${i}`,
      reason: 'unavailable' as const,
    }));
    const query = fillQuery({
      booking: { uid: 'c', items: [], notes: [], lastUpdate: null },
      added: 3,
      notAdded,
    });
    expect(query.get('filled')).toBe('3');
    expect(query.has('units')).toBe(false); // the upstream did not say
    expect(query.getAll('missing')).toHaveLength(20);
    expect(query.getAll('missing').slice(0, 2)).toEqual(['off-0', 'off-1']);
  });

  it('names an item left out for want of room in the cart apart from one not sold today', () => {
    const query = fillQuery({
      booking: { uid: 'c', items: [], notes: [], lastUpdate: null },
      added: 1,
      notAdded: [
        { offeringId: 'off-1', name: 'Bread', reason: 'cart_full' },
        { offeringId: 'off-2', name: 'Figs', reason: 'unavailable' },
      ],
    });
    expect(query.getAll('full')).toEqual(['off-1']);
    expect(query.getAll('missing')).toEqual(['off-2']);
    expect(query.getAll('capped')).toEqual([]);
    const text = message({ added: 1, units: 1, missing: ['Figs'], full: ['Bread'], capped: [] });
    expect(text).toContain('Not available today, so not added: <strong>Figs</strong>');
    expect(text).toContain(
      'no room for more lines (300 at most), so not added: <strong>Bread</strong>',
    );
    expect(text).not.toContain('at most, so not all were added');
  });

  it('names the items whose cart line could not take all of their quantity', () => {
    const query = fillQuery({
      booking: { uid: 'c', items: [], notes: [], lastUpdate: null },
      added: 2,
      notAdded: [],
      capped: [{ offeringId: 'off-3', name: 'Milk' }],
    });
    expect(query.getAll('capped')).toEqual(['off-3']);
    const text = message({ added: 2, units: 2, missing: [], full: [], capped: ['Milk'] });
    expect(text).toContain('2 items added to your cart.');
    expect(text).toContain(
      'A cart line holds 9,999 at most, so not all were added of: <strong>Milk</strong>',
    );
  });
});
