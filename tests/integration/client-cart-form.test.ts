import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { startShop, type TestShop } from '../support/shop';

// The cart form without JavaScript (POST /cart, client/routes/cart-action.tsx) against the real
// platform and gateway: a guest session is started, the change reaches booking-ms, the shopper
// goes back to a safe local path.
let shop: TestShop;
let offerings: string[];

beforeAll(async () => {
  shop = await startShop();
  const { rows } = await shop.platform.db.query<{ id: string }>(
    "select id from offerings where tenant_id = 'fresh' and available order by id limit 2",
  );
  offerings = rows.map((r) => r.id);
});
afterAll(() => shop?.close());

const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${shop.url}/cart`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });

const cookieHeader = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

async function readCart(cookie: string): Promise<Booking> {
  const response = await fetch(`${shop.url}${bookingPaths.cart('fresh')}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return Booking.parse(await response.json());
}

describe('POST /cart without JavaScript', () => {
  it('starts a guest session, adds the item and returns to the page', async () => {
    const response = await post({
      intent: 'set',
      offeringId: offerings[0]!,
      byCase: 'true',
      quantity: '2',
      returnTo: '/search?q=milk',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/search?q=milk');
    const names = response.headers.getSetCookie().map((c) => c.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['access_token', 'refresh_token']));
    const cookie = cookieHeader(response);
    const cart = await readCart(cookie);
    expect(cart.items).toEqual([
      expect.objectContaining({ offeringId: offerings[0], quantity: 2, byCase: true }),
    ]);

    // Same session: set singles, then remove the case line by its uid.
    const again = await post(
      { intent: 'set', offeringId: offerings[0]!, byCase: 'false', quantity: '3', returnTo: '/' },
      { cookie },
    );
    expect(again.status).toBe(302);
    expect(again.headers.getSetCookie()).toEqual([]);
    const caseUid = cart.items[0]!.uid;
    const removed = await post({ intent: 'remove', itemUid: caseUid, returnTo: '/' }, { cookie });
    expect(removed.status).toBe(302);
    expect((await readCart(cookie)).items.map((i) => [i.quantity, i.byCase])).toEqual([[3, false]]);
  });

  it('never redirects off the shop', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const response = await post({
        intent: 'set',
        offeringId: offerings[1]!,
        byCase: 'false',
        quantity: '1',
        returnTo,
      });
      expect(response.headers.get('location')).toBe('/');
    }
  });

  it('answers a bad form with 400 and a message, and an unknown offering with the service message', async () => {
    const bad = await post({
      intent: 'set',
      offeringId: offerings[0]!,
      byCase: 'maybe',
      quantity: '-1',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/Invalid cart form: .*byCase.*quantity/s);
    const unknown = await post({ intent: 'explode' });
    expect(unknown.status).toBe(400);
    const missing = await post({
      intent: 'set',
      offeringId: 'no-such-offering',
      byCase: 'false',
      quantity: '1',
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toMatch(/Unknown offering/);
  });

  it('refuses a form posted from another site', async () => {
    const response = await post(
      { intent: 'set', offeringId: offerings[0]!, byCase: 'false', quantity: '1' },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
