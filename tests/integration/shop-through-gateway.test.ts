import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';

// The gateway in front of the real reference platform, over HTTP: a shopper signs in, fills the
// cart through the browser-facing proxy, and reads it back. No token ever appears in a body.
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.close());

const CART = '/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh';

function cookieJar() {
  const jar = new Map<string, string>();
  return {
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair!.split('=');
        if (value.join('=') === '') jar.delete(name!);
        else jar.set(name!, value.join('='));
      }
    },
    get: (name: string) => jar.get(name),
  };
}

describe('a shop through the gateway', () => {
  it('signs the demo shopper in, adds to the cart through the proxy and reads it back', async () => {
    const jar = cookieJar();
    const origin = shop.url;
    const signIn = await fetch(`${origin}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1', origin },
      body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
    });
    expect(signIn.status).toBe(200);
    jar.take(signIn);
    const signInBody = await signIn.text();
    expect(jar.get('access_token')).toBeTruthy();
    expect(signInBody).not.toContain(jar.get('access_token')!);
    expect(signInBody).toContain('shopper@example.com');

    const search = await fetch(`${origin}/api/services/catalogue/api/v1/search?q=milk`, {
      headers: { cookie: jar.header() },
    });
    expect(search.status).toBe(200);
    const { items } = (await search.json()) as {
      items: { offering: { id: string; available: boolean } }[];
    };
    const offering = items.find((item) => item.offering.available)!.offering;

    const put = await fetch(`${origin}${CART}/item`, {
      method: 'PUT',
      headers: { cookie: jar.header(), 'content-type': 'application/json', 'x-csrf': '1', origin },
      body: JSON.stringify({ offeringId: offering.id, quantity: 3, byCase: false }),
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('cache-control')).toContain('no-store');

    const cart = await fetch(`${origin}${CART}`, { headers: { cookie: jar.header() } });
    expect(cart.status).toBe(200);
    const booking = (await cart.json()) as {
      uid: string;
      items: { offeringId: string; quantity: number; byCase: boolean }[];
    };
    expect(booking.items).toContainEqual(
      expect.objectContaining({ offeringId: offering.id, quantity: 3, byCase: false }),
    );

    // The page knows the shopper, and carries no token.
    const page = await fetch(`${origin}/`, { headers: { cookie: jar.header() } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('shopper@example.com');
    expect(html).not.toContain(jar.get('access_token')!);
    expect(html).not.toContain(jar.get('refresh_token')!);
  });

  it('refuses a cart write without the CSRF header, and the cart is unchanged', async () => {
    const jar = cookieJar();
    const guest = await fetch(`${shop.url}/auth/guest`, {
      method: 'POST',
      headers: { 'x-csrf': '1' },
    });
    jar.take(guest);
    const before = await (
      await fetch(`${shop.url}${CART}`, { headers: { cookie: jar.header() } })
    ).json();
    const put = await fetch(`${shop.url}${CART}/item`, {
      method: 'PUT',
      headers: { cookie: jar.header(), 'content-type': 'application/json' },
      body: JSON.stringify({ offeringId: 'off-fresh-p0001', quantity: 1, byCase: false }),
    });
    expect(put.status).toBe(403);
    const after = await (
      await fetch(`${shop.url}${CART}`, { headers: { cookie: jar.header() } })
    ).json();
    expect(after).toEqual(before);
  });
});
