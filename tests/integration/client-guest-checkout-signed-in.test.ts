import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';
import { guestOrderFields as fields, guestWithCart } from './guest-checkout-support';

// A guest who signs in in another tab and then sends the guest checkout's form (as a browser
// without JavaScript posts it): nothing is placed as a guest, and the checkout the form is sent to
// says why and what to do, rather than showing the page as if nothing had been asked.
let shop: TestShop;

beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

const text = async (response: Response) => (await response.text()).replaceAll('<!-- -->', '');

describe('a guest checkout form sent after signing in elsewhere', () => {
  it('places nothing and says at the checkout that the order is to be placed there', async () => {
    const guest = await guestWithCart(shop);
    const page = await (await guest.page('/checkout/guest')).text();
    const email = `gwen-${Date.now()}@example.com`;
    const form = fields(page, email);
    // The other tab signs in: the same browser's cookies.
    await guest.api('/auth/sign-in', 'POST', {
      email: 'shopper@example.com',
      password: 'demo1234',
    });

    const sent = await guest.post('/checkout/guest', form);
    expect(sent.status).toBe(302);
    const location = sent.headers.get('location')!;
    expect(new URL(location, shop.url).pathname).toBe('/checkout');
    const checkout = await text(await guest.page(location));
    expect(checkout).toContain('You’re signed in now: check your order and place it here.');
    expect(checkout).toContain('Nothing was ordered as a guest.');
    // The notice is where the focus starts (a document without JavaScript: autofocus).
    expect(checkout).toMatch(/<p class="notice" role="status" tabindex="-1" autofocus="">You/);
    const { rows } = await shop.platform.db.query('select id from orders where guest_email = $1', [
      email,
    ]);
    expect(rows).toEqual([]);
  });

  it('says no account was made when the form was the account from a guest order', async () => {
    const guest = await guestWithCart(shop);
    await guest.api('/auth/sign-in', 'POST', {
      email: 'shopper@example.com',
      password: 'demo1234',
    });
    const sent = await guest.post('/checkout/guest', {
      intent: 'create-account',
      orderId: 'ord-whatever',
      password: 'gail-secret-1',
    });
    expect(sent.status).toBe(302);
    const checkout = await text(await guest.page(sent.headers.get('location')!));
    expect(checkout).toContain('You’re signed in now, so no account was made from your order.');
  });

  it('says nothing of it on a checkout reached otherwise', async () => {
    const guest = await guestWithCart(shop);
    await guest.api('/auth/sign-in', 'POST', {
      email: 'shopper@example.com',
      password: 'demo1234',
    });
    const opened = await guest.page('/checkout/guest');
    expect(opened.headers.get('location')).toBe('/checkout');
    expect(await text(await guest.page('/checkout'))).not.toContain('You’re signed in now');
    // A crafted value is no notice.
    expect(await text(await guest.page('/checkout?signedIn=constructor'))).not.toContain(
      'You’re signed in now',
    );
  });
});
