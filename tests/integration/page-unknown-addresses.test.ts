import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';
import { shopperOf, type Shopper } from './client-checkout-support';

// A page addressed by an id or slug longer than any the platform gives out is a page that does not
// exist: the 404 page, as for an unknown id, not the platform's 414 or 400 with its internal path
// and router jargon in the heading. A form posted to a page that takes none is a 405 whose screen
// shows the fallback text, not React Router's message for developers naming the route's module.
let shop: TestShop;
let shopper: Shopper;
const LONG = 'a'.repeat(400);

beforeAll(async () => {
  shop = await startShop();
  shopper = shopperOf(shop);
  await shopper.signIn();
});
afterAll(() => shop?.close());

/** The text of the page's main landmark, tags left out. */
async function mainText(response: Response): Promise<string> {
  const html = await response.text();
  const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';
  return main.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('pages addressed by an overlong id or slug', () => {
  it.each([
    `/orders/${LONG}`,
    `/smart-carts/${LONG}`,
    `/shopping-lists/${LONG}/print`,
    `/brands/${LONG}`,
    `/products/${LONG}`,
    `/search/milk/${LONG}`,
  ])('GET %s is the 404 page', async (path) => {
    const response = await shopper.page(path);
    expect(response.status).toBe(404);
    const text = await mainText(response);
    expect(text).toContain(`Page Not Found: ${path}`);
    expect(text).not.toMatch(/api\/services|max param length|Invalid query/);
  });

  it.each([`/orders/${LONG}`, `/smart-carts/${LONG}`])(
    'a form posted to %s is the 404 page',
    async (path) => {
      const intent = path.startsWith('/orders') ? 'cancel' : 'to-cart';
      const response = await shopper.post(path, { intent });
      expect(response.status).toBe(404);
      expect(await mainText(response)).toContain(`Page Not Found: ${path}`);
    },
  );

  it('an id of ordinary length that does not exist is still the 404 page', async () => {
    const response = await shopper.page('/orders/no-such-order');
    expect(response.status).toBe(404);
    expect(await mainText(response)).toContain('Page Not Found: /orders/no-such-order');
  });
});

describe('a form posted to a page that takes none', () => {
  it('answers 405 with the fallback text, not the router message for developers', async () => {
    const response = await shopper.post('/brands/meadowbrook', { intent: 'x' });
    expect(response.status).toBe(405);
    const text = await mainText(response);
    expect(text).toContain('Something went wrong. Please, try refreshing the page.');
    expect(text).not.toMatch(/did not provide an `?action|routes\//);
  });
});
