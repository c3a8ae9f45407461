import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';
import { shopperOf } from './client-checkout-support';
import { textOf } from './client-account-support';

// The sign-in screen's forms without JavaScript: plain form posts to /social-login, answered with
// a redirect (signed in or out, the same token cookies as /auth/sign-in) or the screen again with
// the same message the JavaScript form shows.
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => shop?.close());

const tokenCookies = (response: Response) =>
  response.headers
    .getSetCookie()
    .filter((c) => /^(access_token|refresh_token)=/.test(c))
    .map((c) => c.split(';')[0]!.split('=')[0]);

describe('password sign-in as a form post', () => {
  it('signs in, sets both token cookies as /auth/sign-in does, and goes to the return path', async () => {
    const shopper = shopperOf(shop);
    const response = await shopper.post('/social-login', {
      intent: 'sign-in',
      returnTo: '/orders',
      email: 'shopper@example.com',
      password: 'demo1234',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/orders');
    const cookies = response.headers.getSetCookie();
    for (const name of ['access_token', 'refresh_token'])
      expect(cookies.find((c) => c.startsWith(`${name}=`))).toMatch(
        /HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i,
      );
    const session = await shopper.api<{ account: { email: string } | null }>('/auth/session');
    expect(session.account?.email).toBe('shopper@example.com');
  });

  it('keeps only safe local return paths', async () => {
    const response = await shopperOf(shop).post('/social-login', {
      returnTo: '//evil.example/steal',
      email: 'shopper@example.com',
      password: 'demo1234',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
  });

  it("answers a wrong password with the JavaScript form's message, the e-mail kept, no cookie", async () => {
    const response = await shopperOf(shop).post('/social-login', {
      intent: 'sign-in',
      email: 'shopper@example.com',
      password: 'not-the-password',
    });
    expect(response.status).toBe(401);
    expect(tokenCookies(response)).toEqual([]);
    const html = await response.text();
    expect(textOf(html)).toContain('Wrong e-mail or password.');
    expect(html).toContain('value="shopper@example.com"');
  });

  it('refuses a sign-in form without an e-mail address', async () => {
    const response = await shopperOf(shop).post('/social-login', {
      email: 'nobody',
      password: 'x',
    });
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain(
      'Enter your e-mail address, like name@example.com, and your password.',
    );
  });

  it('merges the guest cart as the JavaScript sign-in does', async () => {
    const shopper = shopperOf(shop);
    await shopper.api('/auth/guest', 'POST');
    const offering = await firstOffering();
    await shopper.putItem(offering, 2);
    const response = await shopper.post('/social-login', {
      email: 'shopper@example.com',
      password: 'demo1234',
    });
    expect(response.status).toBe(303);
    const cart = await shopper.cart();
    expect(JSON.stringify(cart)).toContain(offering);
  });
});

describe('sign-out as a form post', () => {
  it('revokes the session, clears both cookies and goes home, which says so', async () => {
    const shopper = shopperOf(shop);
    await shopper.signIn();
    const response = await shopper.post('/social-login', { intent: 'sign-out' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/?done=signed-out');
    const cleared = response.headers.getSetCookie().filter((c) => /Max-Age=0/i.test(c));
    expect(cleared.map((c) => c.split('=')[0]).sort()).toEqual([
      'access_token',
      'refresh_token',
      'session_proof',
    ]);
    const session = await shopper.api<{ account: unknown }>('/auth/session');
    expect(session.account).toBeNull();

    // Where the redirect's document starts (docs/decisions/0383), as a profile screen's notice.
    const notice =
      '<p class="notice" role="status" tabindex="-1" autofocus="">You are signed out.</p>';
    expect(await (await shopper.page('/?done=signed-out')).text()).toContain(notice);
    expect(await (await shopper.page('/')).text()).not.toContain('You are signed out.');
    // "Sign in" on that page comes back to it: signed in, it says nothing of the kind.
    await shopper.signIn();
    expect(await (await shopper.page('/?done=signed-out')).text()).not.toContain(
      'You are signed out.',
    );
  });
});

async function firstOffering(): Promise<string> {
  const { rows } = await shop.platform.db.query<{ id: string }>(
    "select id from offerings where tenant_id = 'fresh' and available order by id limit 1",
  );
  return rows[0]!.id;
}
