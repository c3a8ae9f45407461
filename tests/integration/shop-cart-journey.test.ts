import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking';
import { startShop, type TestShop } from '../support/shop';

// The journey through the whole shop: the gateway (production build) in front of the reference
// platform, real HTTP between them. A visitor signs in as the demo shopper, fills the cart through
// /api/services/booking-ms/... and reads it back; a guest's cart follows them into their account.
let shop: TestShop;
let offerings: string[];

beforeAll(async () => {
  shop = await startShop();
  const { rows } = await shop.platform.db.query<{ id: string }>(
    `select id from offerings where tenant_id = 'fresh' and available order by id limit 3`,
  );
  offerings = rows.map((r) => r.id);
}, 120_000);
afterAll(() => shop?.close());

/** A browser's cookie jar, reduced to what the journey needs. */
function visitor() {
  const jar = new Map<string, string>();
  return async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(shop.url + path, {
      method: init.method ?? 'GET',
      headers: {
        origin: shop.url,
        'x-csrf': '1',
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      if (value.join('=')) jar.set(name, value.join('='));
      else jar.delete(name);
    }
    return response;
  };
}

describe('cart journey through the gateway', () => {
  it('signs in as the demo shopper, adds to the cart, and reads the cart back', async () => {
    const browse = visitor();
    const signIn = await browse('/auth/sign-in', {
      method: 'POST',
      body: { email: 'shopper@example.com', password: 'demo1234' },
    });
    expect(signIn.status).toBe(200);
    expect((await signIn.json()).account).toMatchObject({ id: 'acc-fresh-demo' });

    const put = await browse(bookingPaths.item('fresh'), {
      method: 'PUT',
      body: { offeringId: offerings[0], quantity: 3, byCase: false },
    });
    expect(put.status).toBe(200);
    const cart = await (await browse(bookingPaths.cart('fresh'))).json();
    expect(cart.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ offeringId: offerings[0], quantity: 3, byCase: false }),
      ]),
    );
  });

  it("carries a guest's cart into the account at sign-in", async () => {
    const browse = visitor();
    expect((await browse('/auth/guest', { method: 'POST' })).status).toBe(200);
    const put = await browse(bookingPaths.item('fresh'), {
      method: 'PUT',
      body: { offeringId: offerings[1], quantity: 1, byCase: true },
    });
    expect(put.status).toBe(200);
    expect(
      (
        await browse('/auth/sign-in', {
          method: 'POST',
          body: { email: 'shopper@example.com', password: 'demo1234' },
        })
      ).status,
    ).toBe(200);
    const cart = await (await browse(bookingPaths.cart('fresh'))).json();
    expect(cart.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ offeringId: offerings[1], quantity: 1, byCase: true }),
      ]),
    );
  });

  it('names every line of a cart larger than one catalogue call on /cart, without JavaScript', async () => {
    // 101 offerings: more than one /offerings call takes (IDS_PER_CALL), fewer than a cart holds.
    const { rows } = await shop.platform.db.query<{ id: string; name: string }>(
      `select o.id, p.name from offerings o join products p on p.id = o.product_id
        where o.tenant_id = 'fresh' and o.available and p.name ~ '^[A-Za-z0-9 ,.-]+$'
        order by o.id limit 101`,
    );
    expect(rows).toHaveLength(101);
    const browse = visitor();
    expect((await browse('/auth/guest', { method: 'POST' })).status).toBe(200);
    for (const row of rows) {
      const put = await browse(bookingPaths.item('fresh'), {
        method: 'PUT',
        body: { offeringId: row.id, quantity: 1, byCase: false },
      });
      expect(put.status).toBe(200);
    }
    const html = await (await browse('/cart')).text();
    const unnamed = rows.filter((row) => !html.includes(`>${row.name}<`)).map((row) => row.id);
    expect(unnamed).toEqual([]);
  });
});
