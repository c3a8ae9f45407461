import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderPreview } from './order-preview';

// The order list's preview counts the lines it leaves out as products, as the order's own page
// and the fill notice do (an order line of 6 is one product, six items).
const line = (productName: string) => ({ productName, quantity: 6, byCase: false, image: null });

describe('OrderPreview', () => {
  it('names the lines left out as products', () => {
    const one = renderToString(<OrderPreview lines={[line('Milk')]} lineCount={2} />);
    expect(one.replace(/<!-- -->/g, '')).toContain('and 1 more product<');
    const three = renderToString(<OrderPreview lines={[line('Milk')]} lineCount={4} />);
    expect(three.replace(/<!-- -->/g, '')).toContain('and 3 more products<');
  });
});
