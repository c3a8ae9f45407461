import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';
import { shopperOf } from './client-checkout-support';

// A guest's cart merged at sign-in beyond the cart's 300 lines, through the gateway and without
// JavaScript (docs/decisions/0314): the cart page shows every line and how many must go before
// checking out, its lines still change, and the checkout says the order is too large.
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

/** One item of each offering, in one unit, written straight into the cart's table. */
const fill = (cartUid: string, ids: readonly string[], byCase: boolean) =>
  shop.platform.db.query(
    `insert into cart_items (uid, cart_uid, offering_id, quantity, by_case)
     select gen_random_uuid()::text, $1, id, 1, $3 from unnest($2::text[]) as id`,
    [cartUid, ids, byCase],
  );

describe('a cart of 400 lines after a sign-in', () => {
  it('shows every line, says how many to remove, changes a line, and explains the checkout', async () => {
    const { rows } = await shop.platform.db.query<{ id: string }>(
      "select id from offerings where tenant_id = 'fresh' and available order by id limit 200",
    );
    const ids = rows.map((row) => row.id);
    const account = shopperOf(shop);
    await account.signIn();
    await fill((await account.cart()).uid, ids, false);
    const shopper = shopperOf(shop);
    await shopper.api('/auth/guest', 'POST');
    await fill((await shopper.cart()).uid, ids, true);
    const signedIn = await shopper.post('/social-login', {
      intent: 'sign-in',
      email: 'shopper@example.com',
      password: 'demo1234',
    });
    expect(signedIn.status).toBe(303);
    expect((await shopper.cart()).items).toHaveLength(400);

    const page = await shopper.page('/cart');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.match(/<li class="cart-line/g)).toHaveLength(400);
    expect(html).toContain(
      'Your cart holds 400 lines, and an order at most 300: remove at least 100 to check out.',
    );

    const changed = await shopper.post('/cart', {
      intent: 'set',
      offeringId: ids[0]!,
      byCase: 'false',
      quantity: '3',
      returnTo: '/cart',
    });
    expect(changed.status).toBe(302);
    const cart = await shopper.cart();
    expect(cart.items.find((i) => i.offeringId === ids[0] && !i.byCase)?.quantity).toBe(3);

    const checkout = await shopper.page('/checkout');
    expect(checkout.status).toBe(200);
    const notice = await checkout.text();
    expect(notice).toContain(
      '<p class="form-error" role="alert">This order is too large: it has 400 lines, at most 300 are allowed.</p>',
    );
    expect(notice).toContain('Remove some items from your cart');
  });
});
