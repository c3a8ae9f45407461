import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '../../../shared/contracts/catalogue';
import { CartLine } from './cart-line';

// A cart line's checkbox (choosing lines for "Remove selected") took its name from the <label>
// around it, which also holds the product's link and "Add to list": a screen reader said
// "Oats single Add to list: Oats, checkbox". Now it is named as the line's quantity and "Remove"
// are (ADR 0350).
const product = {
  name: 'Oats',
  slug: 'pantry/meadowbrook/oats-500-g',
  image: '/oats.svg',
  pack: { amount: 500, unit: 'g' },
  offering: {
    id: 'off-oats',
    caseSize: 10,
    available: true,
    priceSingleCents: 300,
    priceCaseCents: 2700,
    currency: 'EUR',
  },
} as unknown as ProductSummary;

function checkboxOf(byCase: boolean): string {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <ul>
          <CartLine
            item={{ uid: 'line-1', offeringId: 'off-oats', quantity: 1, byCase }}
            product={product}
            selected={false}
            onSelect={() => {}}
            returnTo="/cart"
          />
        </ul>
      ),
    },
  ]);
  const html = renderToString(<Stub />);
  return /<input type="checkbox"[^>]*>/.exec(html)?.[0] ?? '(no checkbox)';
}

describe('CartLine', () => {
  it('names its checkbox after its line, not after the links beside it', () => {
    expect(checkboxOf(false)).toContain('aria-label="Oats (singles)"');
    expect(checkboxOf(true)).toContain('aria-label="Oats (cases)"');
  });
});
