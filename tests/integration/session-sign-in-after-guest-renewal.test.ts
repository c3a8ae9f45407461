import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';

// A guest with an item in the cart signs in. Just before, one of the guest's requests renewed the
// guest session (its access token was inside the 60 s margin): the refresh token was rotated.
// The sign-in left the browser with the old one (sent at the same time as the renewing request).
// uaa only merges a live, unused guest token: the gateway names the one that replaced it (its
// refresh memo), so the guest's cart is merged (found in review; the cart was silently lost).
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop({ COOKIE_SECURE: 'false' });
});
afterAll(() => shop?.close());

const cookiesOf = (r: Response) =>
  Object.fromEntries(
    r.headers.getSetCookie().map((l) => l.split(';')[0]!.split('=') as [string, string]),
  );
const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
  };

describe('sign-in just after a guest renewal', () => {
  it.each([
    ['30 s left: renewed before the sign-in', 30, 0],
    ['300 s left (control)', 300, 1],
  ])('merges the guest cart: guest token with %s', async (_n, ttl, pick) => {
    const base = shop.url;
    const write = { 'x-csrf': '1', origin: base };
    const { rows } = await shop.platform.db.query<{ id: string }>(
      "select id from offerings where tenant_id = 'fresh' and available order by id limit 2",
    );
    const guest = cookiesOf(await fetch(`${base}/auth/guest`, { method: 'POST', headers: write }));
    const { sub, sid } = claims(guest.access_token!);
    const expiring = await shop.platform.app.signer.sign(
      { principalId: sub, accountId: null, tenantId: 'fresh', sessionId: sid },
      ttl,
    );
    const guestCookie = `access_token=${expiring}; refresh_token=${guest.refresh_token}`;
    // The guest's add to cart: renews first (token inside the margin), R_g rotated.
    const put = await fetch(
      `${base}/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh/item`,
      {
        method: 'PUT',
        headers: { ...write, 'content-type': 'application/json', cookie: guestCookie },
        body: JSON.stringify({ offeringId: rows[pick]!.id, quantity: 2, byCase: false }),
      },
    );
    expect(put.status).toBe(200);
    // The sign-in that left with the same (old) cookies.
    const signIn = await fetch(`${base}/auth/sign-in`, {
      method: 'POST',
      headers: { ...write, 'content-type': 'application/json', cookie: guestCookie },
      body: JSON.stringify(DEMO),
    });
    expect(signIn.status).toBe(200);
    const account = cookiesOf(signIn);
    const cart = await fetch(`${base}/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh`, {
      headers: {
        cookie: `access_token=${account.access_token}; refresh_token=${account.refresh_token}`,
      },
    });
    const items = ((await cart.json()) as { items: { offeringId: string }[] }).items;
    expect(items.map((i) => i.offeringId)).toContain(rows[pick]!.id);
  });
});
