import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../shared/contracts/booking';
import { CartPanel } from './cart-panel';

// The cart panel's sum is the goods alone: the checkout calls that "Subtotal" and its "Total"
// adds the delivery fee, so the panel saying "Total" named two amounts for one cart.
const booking: Booking = {
  uid: 'cart-1',
  items: [{ uid: 'line-1', offeringId: 'off-milk', quantity: 2, byCase: false }],
  notes: [],
  lastUpdate: null,
};

function panelText(priced: boolean): string {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <CartPanel
          booking={booking}
          summaries={new Map()}
          totals={{ count: 2, totalCents: 644, currency: 'EUR', priced }}
          error={null}
        />
      ),
    },
  ]);
  return renderToString(<Stub />)
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '');
}

describe('CartPanel', () => {
  it('calls its sum the subtotal, as the checkout does', () => {
    expect(panelText(true)).toContain('Subtotal: €6.44');
    expect(panelText(false)).toContain('Subtotal (so far): €6.44');
    expect(panelText(true)).not.toMatch(/(^|[^b])Total/);
  });
});
