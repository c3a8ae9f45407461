import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OfferingView, ShoppingList, ShoppingListItem } from '../../../shared/contracts/lists';
import { ListItemPrice, ListItems } from './list-items';

// A list's "Price each" (the list screen and its print view) gives the price per kg from the pack
// the platform states, not from the size label: an older platform's line without one shows none
// rather than a guess (ADR 0214).
const product: OfferingView = {
  productId: 'p-oats',
  slug: 'pantry/meadowbrook/oats',
  name: 'Oats',
  brand: 'Meadowbrook',
  sizeLabel: 'family bag',
  priceSingle: 300,
  priceCase: 2700,
  caseSize: 10,
  available: true,
  pack: { amount: 400, unit: 'g' },
};

function priceOf(view: OfferingView, byCase = false): string {
  const item: ShoppingListItem = {
    id: 'item-1',
    offeringId: 'o-oats',
    quantity: 1,
    byCase,
    note: '',
    product: view,
  };
  const Stub = createRoutesStub([
    { path: '/', Component: () => <ListItemPrice item={item} currency="EUR" /> },
  ]);
  return renderToString(<Stub />).replace(/<!-- -->/g, '');
}

describe('ListItemPrice', () => {
  it('gives the price per kg of the pack the platform states, whatever the size label says', () => {
    expect(priceOf(product)).toContain('€7.50 per kg');
    // A case of 10 packs of 400 g for €27.00.
    expect(priceOf(product, true)).toContain('€6.75 per kg');
  });

  it('gives none for a line of an older platform without a pack, even from a readable size', () => {
    const { pack: _, ...older } = { ...product, sizeLabel: '400 g' };
    const html = priceOf(older);
    expect(html).toContain('€3.00');
    expect(html).not.toContain(' per ');
  });
});

describe('ListItems', () => {
  // The list's caption counts as the lists overview ("Weekly shop 2 products") and an order's
  // caption count: its lines are products, their quantities items.
  it('counts products and their items, as the overview and an order do', () => {
    const item = (id: string, quantity: number): ShoppingListItem => ({
      id,
      offeringId: `o-${id}`,
      quantity,
      byCase: false,
      note: '',
      product,
    });
    const list = {
      id: 'list-1',
      name: 'Weekly shop',
      currency: 'EUR',
      items: [item('a', 3), item('b', 4)],
    } as ShoppingList;
    const Stub = createRoutesStub([
      { path: '/', Component: () => <ListItems list={list} formKey="k" /> },
    ]);
    const html = renderToString(<Stub />).replace(/<!-- -->/g, '');
    expect(html).toContain('<caption>2 products (7 items)</caption>');
  });

  // A product twice on a list, as singles and as cases: every control of a line says which
  // line it acts on, "Update" included (it was five buttons all named "Update", and the two
  // lines' quantity, "Add to cart" and "Remove" had the same names). ADR 0350.
  it("names each line's controls after its product, and the cases line as cases", () => {
    const line = (id: string, byCase: boolean): ShoppingListItem => ({
      id,
      offeringId: 'o-oats',
      quantity: 1,
      byCase,
      note: '',
      product,
    });
    const list = {
      id: 'list-1',
      name: 'Porridge',
      currency: 'EUR',
      items: [line('a', false), line('b', true)],
    } as ShoppingList;
    const Stub = createRoutesStub([
      { path: '/', Component: () => <ListItems list={list} formKey="k" /> },
    ]);
    const html = renderToString(<Stub />).replace(/<!-- -->/g, '');
    const names = [...html.matchAll(/aria-label="([^"]*)"|<label[^>]*>([^<]*)<\/label>/g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(names).toEqual([
      'Quantity of Oats',
      'Update Oats',
      'Add to cart: Oats',
      'Remove Oats',
      'Quantity of Oats (cases)',
      'Update Oats (cases)',
      'Add to cart: Oats (cases)',
      'Remove Oats (cases)',
    ]);
  });
});
