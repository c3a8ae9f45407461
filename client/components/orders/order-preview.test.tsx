import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OrderPreview } from './order-preview';

// The order list's preview counts the lines it leaves out as products, as the order's own page
// and the fill notice do (an order line of 6 is one product, six items).
const line = (productName: string, quantity = 6) => ({
  productName,
  quantity,
  byCase: false,
  image: null,
});

function preview(lines: ReturnType<typeof line>[], lineCount: number): string {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <OrderPreview lines={lines} lineCount={lineCount} /> },
  ]);
  return renderToString(<Stub />).replace(/<!-- -->/g, '');
}

describe('OrderPreview', () => {
  it('names the lines left out as products', () => {
    expect(preview([line('Milk')], 2)).toContain('and 1 more product<');
    expect(preview([line('Milk')], 4)).toContain('and 3 more products<');
  });

  it('groups its counts as the shop writes them', () => {
    const html = preview([line('Milk', 1200)], 1235);
    expect(html).toContain('1,200 ×');
    expect(html).toContain('and 1,234 more products<');
  });
});
