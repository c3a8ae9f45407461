import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ShoppingListSummary } from '../../../shared/contracts/lists';
import { countsIn } from '../../lib/counted';
import { ListOverview } from './list-overview';
import { addedText } from './fill-notice';

// The lists overview counts a list's lines as the fill of the cart from it does: products (the
// cart's "items" are units, so "2 items" for two lines of 3 and 4 would disagree with "2 products
// (7 items) added to your cart").
const list = (id: string, itemCount: number): ShoppingListSummary => ({
  id,
  name: `List ${id}`,
  itemCount,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
});

function countsOf(lists: ShoppingListSummary[]): string[] {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <ListOverview lists={lists} selectedId={null} /> },
  ]);
  const html = renderToString(<Stub />).replace(/<!-- -->/g, '');
  return [...html.matchAll(/<span class="list-count">([^<]*)<\/span>/g)].map((m) => m[1]!);
}

describe('ListOverview', () => {
  it('says how many products each list holds, singular and plural', () => {
    expect(countsOf([list('a', 2), list('b', 1), list('c', 0)])).toEqual([
      '2 products',
      '1 product',
      '0 products',
    ]);
  });

  it('uses the word the fill notice uses for the same lines', () => {
    const [overview] = countsOf([list('a', 2)]);
    expect(addedText({ added: 2, units: null }, countsIn())).toBe(
      `${overview} added to your cart.`,
    );
  });
});
