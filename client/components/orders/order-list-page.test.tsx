import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OrderRow } from './order-data.server';
import { OrderListPage } from './order-list-page';

// A row of the order list said "Placed" twice to a screen reader: the status ("Placed") and the
// date ("Placed 5 Dec 2026, 10:00"). The date says "Ordered" (docs/decisions/0356).
const row: OrderRow = {
  id: 'ord-1',
  number: '10003',
  status: 'placed',
  placedOn: '5 Dec 2026, 10:00',
  slot: 'Tue, 8 Dec, 10:00–12:00',
  total: 2621,
  currency: 'EUR',
  lineCount: 1,
  preview: [{ productName: 'Gala Apples', quantity: 2, byCase: false, image: null }],
};

function text(): string {
  const list = { orders: [row], page: 1, pageCount: 1, total: 1 };
  const Stub = createRoutesStub([{ path: '/', Component: () => <OrderListPage list={list} /> }]);
  return renderToString(<Stub />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('OrderListPage', () => {
  it('says an order’s status once and its date as the day it was ordered', () => {
    const said = text();
    expect(said.match(/Placed/g)).toHaveLength(1);
    expect(said).toContain('Ordered 5 Dec 2026, 10:00');
  });
});
