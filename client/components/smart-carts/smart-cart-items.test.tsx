import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OfferingView, SmartCart } from '../../../shared/contracts/lists';
import { SmartCartItems } from './smart-cart-items';

// A smart cart's "Price each" gives the price per litre from the pack the platform states, not
// from the size label: an older platform's line without one shows none (ADR 0214).
const juice: OfferingView = {
  productId: 'p-juice',
  slug: 'drinks/orchard/juice',
  name: 'Orange juice',
  brand: 'Orchard',
  sizeLabel: 'carton',
  priceSingle: 250,
  priceCase: 1400,
  caseSize: 6,
  available: true,
  pack: { amount: 1000, unit: 'ml' },
};
// What a platform built to contract 1.3 sends: a readable size, no pack.
const { pack: _, ...olderMilk } = { ...juice, productId: 'p-milk', name: 'Milk', sizeLabel: '2 l' };

function render(items: SmartCart['items']): string {
  const cart: SmartCart = {
    id: 'sc-1',
    name: 'Breakfast',
    currency: 'EUR',
    createdAt: '2026-12-01T08:00:00.000Z',
    updatedAt: '2026-12-01T08:00:00.000Z',
    items,
    subtotal: 0,
    orders: [],
  };
  const Stub = createRoutesStub([{ path: '/', Component: () => <SmartCartItems cart={cart} /> }]);
  return renderToString(<Stub />).replace(/<!-- -->/g, '');
}

describe('SmartCartItems', () => {
  it('gives the price per litre of the pack the platform states, single and case', () => {
    const html = render([
      {
        offeringId: 'o-juice',
        quantity: 1,
        byCase: false,
        product: juice,
        unitPrice: 250,
        lineTotal: 250,
      },
      {
        offeringId: 'o-juice',
        quantity: 1,
        byCase: true,
        product: juice,
        unitPrice: 1400,
        lineTotal: 1400,
      },
    ]);
    expect(html).toContain('€2.50 per l');
    // A case of 6 litres for €14.00.
    expect(html).toContain('€2.33 per l');
  });

  it('gives none for a line of an older platform without a pack, even from a readable size', () => {
    const html = render([
      {
        offeringId: 'o-milk',
        quantity: 1,
        byCase: false,
        product: olderMilk,
        unitPrice: 250,
        lineTotal: 250,
      },
    ]);
    expect(html).toContain('Milk');
    expect(html).not.toContain(' per l');
  });
});
