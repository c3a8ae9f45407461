import { describe, expect, it } from 'vitest';
import type { Personal } from '../../../shared/contracts/personal';
import { quantityOnly } from './quantity-hole.server';

// Quantity controls as a narrowed hole (ADR 0203): the key and the visitor they render with say
// only how many of their own offering are in the cart, nothing else of the visitor.
const shopper = (items: [string, number, boolean][]): Personal => ({
  hasSession: true,
  account: { id: 'acc-1', login: 'a@example.com', email: 'a@example.com' },
  cart: {
    booking: {
      uid: 'cart-uid-1',
      items: items.map(([offeringId, quantity, byCase], n) => ({
        uid: `line-${n}`,
        offeringId,
        quantity,
        byCase,
      })),
      notes: ['leave at the door'],
      lastUpdate: '2026-11-24T09:00:00Z',
    },
    products: {},
  },
});
const props = { offering: { id: 'off-1' } };

describe('quantityOnly', () => {
  it('keys the counts of the offering, the same for every visitor with those counts', () => {
    const a = quantityOnly(
      props,
      shopper([
        ['off-1', 3, false],
        ['off-2', 1, true],
      ]),
    );
    const b = quantityOnly(props, { ...shopper([['off-1', 3, false]]), account: null });
    expect(a.key).toBe('cart 3 0');
    expect(b).toEqual(a);
    expect(quantityOnly(props, shopper([['off-1', 1, true]])).key).toBe('cart 0 1');
    expect(quantityOnly(props, { hasSession: false, account: null, cart: null }).key).toBe(
      'none 0 0',
    );
  });

  it('renders with a visitor made of the counts alone', () => {
    const { visitor } = quantityOnly(
      props,
      shopper([
        ['off-1', 2, false],
        ['off-1', 1, true],
      ]),
    );
    const text = JSON.stringify(visitor);
    for (const personal of ['acc-1', 'a@example.com', 'cart-uid-1', 'line-0', 'leave at the door'])
      expect(text).not.toContain(personal);
    expect(visitor.cart!.booking.items).toEqual([
      { uid: 'single', offeringId: 'off-1', quantity: 2, byCase: false },
      { uid: 'case', offeringId: 'off-1', quantity: 1, byCase: true },
    ]);
  });
});
