import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '../../../shared/contracts/catalogue';
import type { ShoppingListItem } from '../../../shared/contracts/lists';
import { ListItemName } from '../lists/list-items';
import { ProductCard } from './product-card';
import { SizeLabel } from './size-label';

// A size label reads short on screen ("1 l", as the pack prints it) and in words to a screen
// reader ("1 litre"), which says "l" as the letter (docs/decisions/0346): on a product card and
// a list's line here, on the product page through the same component.
function html(element: React.ReactElement): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => element }]);
  return renderToString(<Stub />).replace(/<!-- -->/g, '');
}
const spoken = (markup: string) =>
  markup
    .replace(/<(p|span)[^>]* aria-hidden="true">[^<]*<\/\1>/g, '')
    .replace(/<[^>]+>/g, '')
    .trim();
const seen = (markup: string) =>
  markup
    .replace(/<(p|span) class="visually-hidden">[^<]*<\/\1>/g, '')
    .replace(/<[^>]+>/g, '')
    .trim();

const product = (sizeLabel: string) =>
  ({
    id: 'p-1',
    slug: 'drinks/brand/water',
    name: 'Still Water',
    sizeLabel,
    brand: { slug: 'brand', name: 'Brand' },
    category: { slug: 'drinks', name: 'Drinks' },
    image: '/water.svg',
    offering: {
      id: 'o-1',
      priceSingleCents: 300,
      priceCaseCents: 1800,
      caseSize: 6,
      available: true,
      currency: 'EUR',
    },
    pack: null,
  }) satisfies ProductSummary;

describe('SizeLabel', () => {
  it('shows "6 x 330 ml" and says "6 x 330 millilitres" on a product card', () => {
    const card = html(<ProductCard product={product('6 x 330 ml')} />);
    expect(seen(card)).toContain('Brand · 6 x 330 ml');
    expect(spoken(card)).toContain('Brand · 6 x 330 millilitres');
    expect(spoken(card)).not.toContain('330 ml');
  });

  it('shows "1 l" and says "1 litre" on a list line', () => {
    const item = {
      id: 'i-1',
      offeringId: 'o-1',
      quantity: 1,
      byCase: false,
      product: { name: 'Whole Milk', sizeLabel: '1 l', caseSize: 6 },
    } as ShoppingListItem;
    const line = html(<ListItemName item={item} />);
    expect(seen(line)).toBe('Whole Milk 1 l');
    expect(spoken(line)).toBe('Whole Milk 1 litre');
  });

  it('prints a label with no unit to say once', () => {
    expect(html(<SizeLabel as="p" className="meta" label="1 piece" />)).toBe(
      '<p class="meta">1 piece</p>',
    );
    expect(html(<SizeLabel before=" · " label="6 pack" />)).toBe(' · 6 pack');
  });
});
